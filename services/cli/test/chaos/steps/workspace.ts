import { describeExchange } from '../invariants';
import { liveAccounts, liveLists, type Model, pick, subset } from '../model';
import { count, expectAnswers, fail, type World } from '../world';
import { all, Step } from './step';

/** k lists made at once by one recruiter, each with some candidates. */
export class ListCreateBurst extends Step {
  constructor(
    readonly recruiter: number,
    readonly masks: number[],
  ) {
    super();
  }
  check = (model: Readonly<Model>) => model.recruiters.length > 0;
  label = () => `ListCreateBurst(recruiter ${this.recruiter}, ${this.masks.length} lists)`;

  async act(model: Model, world: World) {
    const owner = pick(model.recruiters, this.recruiter)!;
    const made = this.masks.map((mask, i) => ({
      ids: subset(model, mask),
      name: `List ${model.lists.length + i}`,
    }));
    const answers = await all(
      made.map(({ ids, name }) =>
        world.client.call('list-create', 'POST', '/api/v1/lists', {
          token: owner.token,
          json: { name, candidateIds: ids },
        }),
      ),
    );
    expectAnswers(world, 'creating a list: 201', answers, (e) => e.status === 201);
    answers.forEach((e, i) => {
      if (e.status !== 201) return;
      const id = (e.body as { list: { id: string } }).list.id;
      model.lists.push({
        id,
        owner,
        sure: new Set(made[i]!.ids),
        maybe: new Set(),
        names: new Set([made[i]!.name]),
        state: 'active',
      });
    });
  }
}

/** Many adds to one list at once, overlapping: every one is a 200 and the list is their union. */
export class ListAddBurst extends Step {
  constructor(
    readonly list: number,
    readonly masks: number[],
  ) {
    super();
  }
  check = (model: Readonly<Model>) => liveLists(model as Model).length > 0;
  label = () => `ListAddBurst(list ${this.list}, ${this.masks.length} adds)`;

  async act(model: Model, world: World) {
    const list = pick(liveLists(model), this.list)!;
    const adds = this.masks.map((mask) => subset(model, mask));
    const answers = await all(
      adds.map((ids) =>
        world.client.call('list-add', 'POST', `/api/v1/lists/${list.id}/members`, {
          token: list.owner.token,
          json: { candidateIds: ids },
        }),
      ),
    );
    expectAnswers(world, 'concurrent adds to one list: always 200', answers, (e) => e.status === 200);
    answers.forEach((e, i) => {
      for (const id of adds[i]!)
        (e.status === 200 ? list.sure : e.status === 0 ? list.maybe : new Set()).add(id);
    });
  }
}

/** Adds, removes and renames of one list at once: all 200; the name is one of those asked for. */
export class ListMixBurst extends Step {
  constructor(
    readonly list: number,
    readonly ops: { op: 'add' | 'remove' | 'rename'; mask: number }[],
  ) {
    super();
  }
  check = (model: Readonly<Model>) => liveLists(model as Model).length > 0;
  label = () => `ListMixBurst(list ${this.list}, ${this.ops.map((o) => o.op).join('+')})`;

  async act(model: Model, world: World) {
    const list = pick(liveLists(model), this.list)!;
    const base = `/api/v1/lists/${list.id}`;
    const token = list.owner.token;
    const plans = this.ops.map(({ op, mask }, i) =>
      op === 'rename'
        ? { op, ids: [] as string[], name: `Renamed ${i}-${mask}` }
        : { op, ids: subset(model, mask), name: '' },
    );
    const answers = await all(
      plans.map((p) =>
        p.op === 'rename'
          ? world.client.call('list-rename', 'PATCH', base, { token, json: { name: p.name } })
          : world.client.call(`list-${p.op}`, p.op === 'add' ? 'POST' : 'DELETE', `${base}/members`, {
              token,
              json: { candidateIds: p.ids },
            }),
      ),
    );
    expectAnswers(world, 'adds, removes and renames of one list: 200', answers, (e) => e.status === 200);
    const ids = (op: string, statuses: number[]) =>
      new Set(plans.flatMap((p, i) => (p.op === op && statuses.includes(answers[i]!.status) ? p.ids : [])));
    const added = ids('add', [200]);
    const maybeAdded = ids('add', [0]);
    const removed = ids('remove', [200]);
    const maybeRemoved = ids('remove', [0]);
    for (const id of new Set([...removed, ...maybeRemoved])) {
      const raced = added.has(id) || maybeAdded.has(id) || maybeRemoved.has(id);
      list.sure.delete(id);
      if (raced) list.maybe.add(id);
      else list.maybe.delete(id);
    }
    for (const id of added) if (!removed.has(id) && !maybeRemoved.has(id)) list.sure.add(id);
    for (const id of maybeAdded) if (!list.sure.has(id)) list.maybe.add(id);
    const renames = plans.filter((p) => p.op === 'rename').map((p) => p.name);
    if (renames.length > 0) list.names = new Set(renames);
  }
}

/** Deleting a list while adds to it are under way: one delete wins; adds answer 200 or 404. */
export class ListDeleteRace extends Step {
  constructor(
    readonly list: number,
    readonly deletes: number,
    readonly addMasks: number[],
  ) {
    super();
  }
  check = (model: Readonly<Model>) => liveLists(model as Model).length > 0;
  label = () => `ListDeleteRace(list ${this.list}, ${this.deletes} deletes, ${this.addMasks.length} adds)`;

  async act(model: Model, world: World) {
    const list = pick(liveLists(model), this.list)!;
    const token = list.owner.token;
    const answers = await all([
      ...Array.from({ length: this.deletes }, () =>
        world.client.call('list-delete', 'DELETE', `/api/v1/lists/${list.id}`, { token }),
      ),
      ...this.addMasks.map((mask) =>
        world.client.call('list-add', 'POST', `/api/v1/lists/${list.id}/members`, {
          token,
          json: { candidateIds: subset(model, mask) },
        }),
      ),
    ]);
    const deletes = answers.slice(0, this.deletes);
    const { known } = expectAnswers(world, 'delete of a list: 200 (404 once deleted)', deletes, (e) =>
      [200, 404].includes(e.status),
    );
    expectAnswers(world, 'adds racing a delete: 200 or 404', answers.slice(this.deletes), (e) =>
      [200, 404].includes(e.status),
    );
    if (known.length === deletes.length && count(known, 200) === 0)
      fail(world, 'a list is deleted by its owner', deletes.map(describeExchange).join('; '));
    list.state = count(known, 200) > 0 ? 'deleted' : 'unknown';
  }
}

/** Saved searches made, renamed and deleted at once. */
export class SavedSearchBurst extends Step {
  constructor(
    readonly recruiter: number,
    readonly creates: number,
    readonly renames: number,
    readonly remove: boolean,
  ) {
    super();
  }
  check = (model: Readonly<Model>) => model.recruiters.length > 0;
  label = () =>
    `SavedSearchBurst(recruiter ${this.recruiter}, ${this.creates} new, ${this.renames} renames${this.remove ? ', delete' : ''})`;

  async act(model: Model, world: World) {
    const owner = pick(model.recruiters, this.recruiter)!;
    const token = owner.token;
    const made = await all(
      Array.from({ length: this.creates }, (_, i) =>
        world.client.call('search-save', 'POST', '/api/v1/saved-searches', {
          token,
          json: { name: `Search ${i}`, searchParams: { query: 'nurse', state: ['TX'] } },
        }),
      ),
    );
    expectAnswers(world, 'saving a search: 201', made, (e) => e.status === 201);
    const ids = made.filter((e) => e.status === 201).map((e) => (e.body as { id: string }).id);
    for (const id of ids) model.searches.push({ id, owner, state: 'active' });
    const target = ids[0];
    if (!target) return;
    const answers = await all([
      ...Array.from({ length: this.renames }, (_, i) =>
        world.client.call('search-rename', 'PATCH', `/api/v1/saved-searches/${target}`, {
          token,
          json: { name: `Renamed ${i}` },
        }),
      ),
      ...(this.remove
        ? [world.client.call('search-delete', 'DELETE', `/api/v1/saved-searches/${target}`, { token })]
        : []),
    ]);
    const renames = answers.slice(0, this.renames);
    expectAnswers(
      world,
      'renaming a saved search: 200 (404 once deleted)',
      renames,
      (e) => e.status === 200 || (this.remove && e.status === 404),
    );
    if (this.remove) {
      const { known } = expectAnswers(
        world,
        'deleting a saved search: 200',
        answers.slice(this.renames),
        (e) => e.status === 200,
      );
      model.searches.find((s) => s.id === target)!.state = known.length ? 'deleted' : 'unknown';
    }
  }
}

/** Email templates saved and deleted at once (any signed-in account). */
export class TemplateBurst extends Step {
  constructor(
    readonly account: number,
    readonly saves: number,
    readonly deletes: number,
  ) {
    super();
  }
  check = (model: Readonly<Model>) => liveAccounts(model as Model).length + model.recruiters.length > 0;
  label = () => `TemplateBurst(account ${this.account}, ${this.saves} saves, ${this.deletes} deletes)`;

  async act(model: Model, world: World) {
    const sessions = [...model.recruiters, ...liveAccounts(model).map((a) => a.session!)];
    const owner = pick(sessions, this.account)!;
    const form = (i: number) => ({
      jobTitle: `Night nurse ${i}`,
      subject: 'A role for you',
      body: 'Hello {{first_name}}',
    });
    const saved = await all(
      Array.from({ length: this.saves }, (_, i) =>
        world.client.call('template-save', 'POST', '/api/v1/email/templates', {
          token: owner.token,
          json: form(i),
        }),
      ),
    );
    expectAnswers(world, 'saving a template: 201', saved, (e) => e.status === 201);
    const target = saved.find((e) => e.status === 201);
    for (const e of saved.filter((s) => s.status === 201))
      model.templates.push({ id: (e.body as { id: string }).id, owner, state: 'active' });
    if (!target || this.deletes === 0) return;
    const id = (target.body as { id: string }).id;
    const deleted = await all(
      Array.from({ length: this.deletes }, () =>
        world.client.call('template-delete', 'DELETE', `/api/v1/email/templates/${id}`, {
          token: owner.token,
        }),
      ),
    );
    const { known } = expectAnswers(world, 'deleting a template: 204 once, then 404', deleted, (e) =>
      [204, 404].includes(e.status),
    );
    if (known.length === deleted.length && count(known, 204) !== 1)
      fail(world, 'a template is deleted exactly once', deleted.map(describeExchange).join('; '));
    model.templates.find((t) => t.id === id)!.state = count(known, 204) > 0 ? 'deleted' : 'unknown';
  }
}
