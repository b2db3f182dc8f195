export * from './dates';
export * from './gains';
export * from './harvesting';
export * from './purchases';
export * from './replacements';
export * from './share-classes';
export * from './tax-report';
export * from './wash-sale';
