export * from './cors';
export * from './json-response';
export * from './loopback-wall';
export * from './request-body';
export * from './stream-writer';
export * from './regular-file-read';
