export * from './rebuild-projection';
