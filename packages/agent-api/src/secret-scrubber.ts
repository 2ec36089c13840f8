/**
 * Replaces every known secret in a text: the API token, the stored key and every key set at runtime,
 * and every value withheld from commands' environments (so `cat /proc/<pid>/environ` shows none).
 */
export class SecretScrubber {
    private readonly secrets = new Set<string>();

    add(...values: Array<string | undefined>): void {
        for (const value of values) {
            // Short values would redact ordinary words; real keys and tokens are long.
            if (value && value.length >= 8) {
                this.secrets.add(value);
            }
        }
    }

    readonly scrub = (text: string): string => {
        let result = text;
        for (const secret of this.secrets) {
            result = result.split(secret).join('[redacted]');
        }
        return result;
    };
}
