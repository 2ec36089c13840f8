export * from './agent-installer';
export * from './archive-unpack';
export * from './registry-agents';
export * from './registry-client';
export * from './registry-fetch';
export * from './registry-format';
export * from './registry-types';
export { archiveTypeOf, isRelativeInside } from './registry-values';
export * from './svg-icon';
