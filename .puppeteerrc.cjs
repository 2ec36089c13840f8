// Theia's CLI depends on puppeteer, whose postinstall downloads Chrome: nothing outside the
// npm and Debian registries is reachable here, and tests use Debian's chromium instead.
module.exports = { skipDownload: true };
