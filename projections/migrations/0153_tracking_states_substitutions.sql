-- Issue 32: the harvest substitutions in force after each event, so that the rate history measures each state the
-- way the dashboard does (the replacement standing in for the stock it sold). Null: none. Filled by the rebuild the
-- trackings projector's version 7 asks for.
alter table tracking_states add column substitutions jsonb;
