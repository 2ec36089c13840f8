/*
 * What specs share (`@ai-cli-companion/node-base/test-support`): bounded waits, temp folders, the frontend specs' DOM.
 * Plain Node, assert and mocha's hooks; no production code imports it.
 */
export * from './until';
export * from './temp-folder';
export * from './spec-dom';
