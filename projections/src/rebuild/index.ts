export * from './rebuild-projection';
export * from './upgrade-projections';
