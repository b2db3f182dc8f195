/**
 * Schema evolution for stored events: each event type has a current version; older payloads are lifted one version
 * at a time by upcasters before the current zod schema validates them.
 */
export type Upcaster = (data: unknown) => unknown;

/** upcasters[type][v] lifts a version-v payload of `type` to version v + 1. */
export type UpcasterTable = Readonly<Record<string, Readonly<Record<number, Upcaster>>>>;

export const upcast = (
  type: string,
  data: unknown,
  fromVersion: number,
  toVersion: number,
  upcasters: UpcasterTable,
): unknown => {
  let current = data;
  for (let version = fromVersion; version < toVersion; version += 1) {
    const lift = upcasters[type]?.[version];
    if (!lift) throw new Error(`No upcaster for ${type} from version ${version} to ${version + 1}`);
    current = lift(current);
  }
  return current;
};
