import { describe, expect, it } from 'vitest';
import { ADMIN_RESOURCE_NAMES, ADMIN_RESOURCES, adminResource } from './admin-resources';

describe('the admin resource registry', () => {
  it.each(ADMIN_RESOURCE_NAMES)('%s sorts only on fields its rows have', (name) => {
    const { row, sort } = ADMIN_RESOURCES[name];
    for (const field of sort) expect(Object.keys(row.shape), field).toContain(field);
    expect(new Set(sort).size).toBe(sort.length);
  });

  it.each(ADMIN_RESOURCE_NAMES)('%s takes react-admin’s getMany filter and refuses unknown keys', (name) => {
    const { filter } = ADMIN_RESOURCES[name];
    expect(Object.keys(filter.shape)).toContain('id');
    expect(filter.strict().safeParse({ no_such_filter: 1 }).success).toBe(false);
  });

  it('gives every resource its own paths and menu entry', () => {
    const paths = ADMIN_RESOURCE_NAMES.flatMap((name) => adminResource(name).paths);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) expect(path).toMatch(/^[a-z]+(-[a-z]+)*$/);
    const menu = ADMIN_RESOURCE_NAMES.map((name) => adminResource(name).menu).filter((to) => to !== null);
    expect(new Set(menu).size).toBe(menu.length);
    expect(menu[0]).toBe('/users');
  });

  it('fills in the defaults: /:id records, /<name> menu entries', () => {
    expect(adminResource('users')).toMatchObject({ param: 'id', paths: ['users'], menu: '/users' });
    expect(adminResource('mail-outbox').paths).toEqual(['mail-outbox', 'outbox']);
    expect(adminResource('site-settings')).toMatchObject({ param: 'key', menu: '/admin-settings' });
    expect(adminResource('parked-events').menu).toBeNull();
  });
});
