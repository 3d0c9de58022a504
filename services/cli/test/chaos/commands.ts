import fc from 'fast-check';
import type { Model } from './model';
import { CheckoutRace, DemoRace } from './steps/access';
import { ExportRefundRace, PlanChangeRace, RefundRace } from './steps/billing';
import { DeleteUserRace, PasswordResetRace, SignUpRace } from './steps/identity';
import { RemovalRace, ResumeRace } from './steps/intake';
import { InboundRace, SequenceBurst } from './steps/outreach';
import {
  ListAddBurst,
  ListCreateBurst,
  ListDeleteRace,
  ListMixBurst,
  SavedSearchBurst,
  TemplateBurst,
} from './steps/workspace';
import type { World } from './world';

const mask = fc.integer({ min: 1, max: 255 });

/** Every kind of step, weighted towards the races the issue names. */
export function stepArbitraries(): fc.Arbitrary<fc.AsyncCommand<Model, World>>[] {
  return [
    fc
      .tuple(fc.option(fc.nat(), { freq: 2 }), fc.integer({ min: 2, max: 5 }))
      .map(([t, n]) => new SignUpRace(t, n)),
    fc
      .tuple(
        fc.nat(),
        fc.integer({ min: 2, max: 3 }),
        fc.constantFrom(1 as const, 2 as const),
        fc.constantFrom('form' as const, 'admin' as const),
      )
      .map(([a, n, links, by]) => new PasswordResetRace(a, n, links, by)),
    fc
      .tuple(fc.nat(), fc.array(mask, { minLength: 1, maxLength: 3 }))
      .map(([r, m]) => new ListCreateBurst(r, m)),
    fc
      .tuple(fc.nat(), fc.array(mask, { minLength: 2, maxLength: 50 }))
      .map(([l, m]) => new ListAddBurst(l, m)),
    fc
      .tuple(
        fc.nat(),
        fc.array(
          fc.record({ op: fc.constantFrom('add' as const, 'remove' as const, 'rename' as const), mask }),
          {
            minLength: 2,
            maxLength: 6,
          },
        ),
      )
      .map(([l, ops]) => new ListMixBurst(l, ops)),
    fc
      .tuple(fc.nat(), fc.integer({ min: 1, max: 2 }), fc.array(mask, { maxLength: 3 }))
      .map(([l, d, m]) => new ListDeleteRace(l, d, m)),
    fc
      .tuple(fc.nat(), fc.integer({ min: 1, max: 2 }), fc.integer({ min: 0, max: 2 }), fc.boolean())
      .map(([r, c, n, d]) => new SavedSearchBurst(r, c, n, d)),
    fc
      .tuple(fc.nat(), fc.integer({ min: 1, max: 3 }), fc.integer({ min: 0, max: 2 }))
      .map(([a, s, d]) => new TemplateBurst(a, s, d)),
    fc
      .tuple(fc.array(fc.constantFrom('approve' as const, 'reject' as const), { minLength: 1, maxLength: 3 }))
      .map(([d]) => new ResumeRace(d)),
    fc
      .tuple(fc.nat(), fc.integer({ min: 1, max: 3 }), fc.boolean())
      .map(([c, n, add]) => new RemovalRace(c, n, add)),
    fc.tuple(fc.nat(), fc.integer({ min: 1, max: 2 })).map(([a, d]) => new DeleteUserRace(a, d)),
    fc
      .tuple(fc.nat(), fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 5 }), fc.boolean())
      .map(([a, m, r, v]) => new DemoRace(a, m, r, v)),
    fc.tuple(fc.nat(), fc.integer({ min: 1, max: 2 })).map(([a, s]) => new CheckoutRace(a, s)),
    fc
      .tuple(
        fc.nat(),
        fc.integer({ min: 1, max: 3 }),
        fc.array(fc.constantFrom('approve' as const, 'reject' as const), { minLength: 1, maxLength: 3 }),
      )
      .map(([a, r, d]) => new RefundRace(a, r, d)),
    fc
      .tuple(fc.nat(), fc.integer({ min: 1, max: 4 }), mask, fc.boolean(), fc.constantFrom(0, 5, 20, 50))
      .map(([a, n, m, first, delay]) => new ExportRefundRace(a, n, m, first, delay)),
    fc.tuple(fc.nat(), fc.integer({ min: 2, max: 3 })).map(([a, n]) => new PlanChangeRace(a, n)),
    fc
      .tuple(fc.nat(), fc.array(mask, { minLength: 1, maxLength: 4 }), fc.integer({ min: 0, max: 2 }))
      .map(([r, m, t]) => new SequenceBurst(r, m, t)),
    fc.tuple(fc.nat(), fc.nat(), fc.integer({ min: 1, max: 3 })).map(([r, m, c]) => new InboundRace(r, m, c)),
  ];
}
