-- The version of what a projector stores (its tables' shape, a stored state's codec). A start-up whose projector
-- declares another version rebuilds that projection from the log before serving (projections/src/runner/
-- upgrade-projections.ts). Rows from before versioning hold version 1.
alter table projection_checkpoints add column if not exists version integer not null default 1;
