/** Emmett-shaped building blocks (`typing/decider.ts`, `typing/command.ts`, `typing/event.ts`), owned here. */

/** Time and ids come in with the command so that `decide` stays pure and retries are safe. */
export type DefaultCommandMetadata = {
  readonly now: Date;
  /** Id of the event the command will produce (uuid, chosen by the caller: retries reuse it). */
  readonly eventId: string;
  readonly actorUserId?: string;
};

export type Command<
  Type extends string = string,
  Data = unknown,
  Metadata = DefaultCommandMetadata,
> = Readonly<{
  type: Type;
  data: Readonly<Data>;
  metadata: Readonly<Metadata>;
}>;

/** A domain event: the log's `id`, `type` and `data` (decimal strings only, never floats). */
export type Event<Type extends string = string, Data = unknown> = Readonly<{
  id: string;
  type: Type;
  data: Readonly<Data>;
}>;

export type Decider<State, C extends Command, E extends Event> = {
  decide: (command: C, state: State) => E[];
  evolve: (state: State, event: E) => State;
  initialState: () => State;
};

/** Folds events over the decider's initial state. */
export const foldEvents = <State, C extends Command, E extends Event>(
  decider: Decider<State, C, E>,
  events: readonly E[],
): State => events.reduce(decider.evolve, decider.initialState());
