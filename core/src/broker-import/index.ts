export * from '../shared/csv-lines';
export * from './cell-values';
export * from './layouts';
export * from './parse-positions';
