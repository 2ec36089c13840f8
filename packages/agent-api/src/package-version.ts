/** The version in this package's package.json (what `/status` reports); a bundler inlines the file. */
export function packageVersion(): string {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return (require('../package.json') as { version: string }).version;
}
