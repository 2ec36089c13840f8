/*
 * What specs share (`@ai-cli-companion/node-base/test-support`): bounded waits, temp folders, the frontend specs' DOM, a
 * keychain that is not there.
 * Plain Node, assert and mocha's hooks; no production code imports it.
 */
export * from './until';
export * from './temp-folder';
export * from './spec-dom';
export * from './unreachable-keychain';
