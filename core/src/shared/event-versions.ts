import type { z } from 'zod';
import { type UpcasterTable, upcast } from './upcast';

/**
 * The one default rule for every stream: an event stored without a `schemaVersion` was written before the writer
 * stamped versions, and every such writer wrote version 1. (Reading it as "current" would feed a version-1 payload
 * to a version-2 schema the day a type changes.)
 */
export const DEFAULT_SCHEMA_VERSION = 1;

/** A domain's event versioning: each type's current version, and the upcasters that lift older payloads to it. */
export type EventVersioning<Type extends string> = {
  readonly current: Readonly<Record<Type, number>>;
  readonly upcasters: UpcasterTable;
};

/** The version an event was stored with (metadata.schemaVersion), by the default rule when it has none. */
export const storedSchemaVersion = (schemaVersion: unknown): number => {
  if (schemaVersion === undefined || schemaVersion === null) return DEFAULT_SCHEMA_VERSION;
  if (typeof schemaVersion !== 'number' || !Number.isInteger(schemaVersion) || schemaVersion < 1) {
    throw new Error(`Invalid schemaVersion ${JSON.stringify(schemaVersion)}`);
  }
  return schemaVersion;
};

/**
 * Lifts a stored payload of `type` to the type's current version. Throws on a version newer than this code knows
 * (an older build must not misread what a newer one wrote) and on a missing upcaster.
 */
export const liftToCurrentVersion = <Type extends string>(
  versioning: EventVersioning<Type>,
  type: Type,
  data: unknown,
  schemaVersion: unknown,
): unknown => {
  const current = versioning.current[type];
  const stored = storedSchemaVersion(schemaVersion);
  if (stored > current) throw new Error(`${type} version ${stored} is newer than this code (${current})`);
  return upcast(type, data, stored, current, versioning.upcasters);
};

/** One event of a catalog: its type and its payload as the type's current schema reads it. */
export type CatalogEvent<Schemas extends Record<string, z.ZodType>> = {
  [Type in keyof Schemas & string]: { type: Type; data: z.infer<Schemas[Type]> };
}[keyof Schemas & string];

/**
 * A domain's event types, their current versions and how to read them back: the type guard, the version a writer
 * stamps, and the parse of a stored payload (lifted from its stored version, then validated). `domain` names the
 * kind of event in the errors ("Not a tracking quota event: X").
 */
export const eventCatalog = <Schemas extends Record<string, z.ZodType>>(
  domain: string,
  schemas: Schemas,
  versioning: EventVersioning<keyof Schemas & string>,
) => {
  type Type = keyof Schemas & string;
  const isType = (type: string): type is Type => Object.hasOwn(schemas, type);
  const checked = (type: string): Type => {
    if (!isType(type)) throw new Error(`Not ${domain} event: ${type}`);
    return type;
  };
  return {
    versioning,
    isType,
    schemaVersionOf: (type: string): number => versioning.current[checked(type)],
    parse: (type: string, data: unknown, schemaVersion?: unknown): CatalogEvent<Schemas> => {
      const known = checked(type);
      const lifted = liftToCurrentVersion(versioning, known, data, schemaVersion);
      return { type: known, data: schemas[known]?.parse(lifted) } as CatalogEvent<Schemas>;
    },
  };
};
