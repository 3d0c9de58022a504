import type { DomainEvent } from '@healthtal/contracts';
import { expect } from 'vitest';
import type { Decider } from './command-handler';

/**
 * Given/when/then for deciders: `given(decider, [events]).when(command).thenEmits([events])` or
 * `.thenThrows(ErrorClass)`. Reads like the spec and needs no database.
 */
export const given = <C, S, E extends DomainEvent>(decider: Decider<C, S, E>, history: E[]) => ({
  when: (command: C) => {
    const decide = () => decider.decide(command, history.reduce(decider.evolve, decider.initialState));
    return {
      thenEmits: (expected: E[]) => expect(decide()).toEqual(expected),
      thenThrows: (error: abstract new (...args: never[]) => Error) => expect(decide).toThrow(error),
    };
  },
});
