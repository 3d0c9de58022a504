import { afterAll, beforeAll } from 'vitest';
import { KurrentDBDouble } from '../src/testing/kurrentdb/kurrentdb-double';
import { kurrentdbWireSemantics } from '../src/testing/kurrentdb/wire-semantics';

// The double's rules, checked through the real client; kurrentdb-event-store.docker.ts runs the same
// checks against a real KurrentDB.
let double: KurrentDBDouble;
beforeAll(async () => {
  double = await KurrentDBDouble.start();
});
afterAll(() => double?.stop());

kurrentdbWireSemantics('the wire double', () => double.connectionString);
