#!/usr/bin/env node
'use strict';
require('../lib/cli').main(process.argv.slice(2)).catch(error => {
    process.stderr.write(`${error && error.stack || error}\n`);
    process.exit(1);
});
