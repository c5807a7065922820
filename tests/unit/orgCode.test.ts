import { describe, expect, it } from 'vitest';
import { nextOrgCode, orgTypeOf } from '@server/modules/departments/queries';
import { buildTree, descendantIds } from '@shared/tree';

describe('department org codes', () => {
  it.each([
    ['', [], 'A01'],
    ['', ['A01', 'A02'], 'A03'],
    ['A01', ['A01', 'A01A01', 'A01A03', 'A01A03A01'], 'A01A04'],
    ['A01', ['A01A99'], 'A01B01'],
    ['A01', ['A01B01'], 'A01B02'],
  ])('under %j after %j → %s', (parent, siblings, expected) => {
    expect(nextOrgCode(parent, siblings)).toBe(expected);
  });
  it('gives the depth as orgType', () => expect(orgTypeOf('A01A02A03')).toBe('3'));
});

describe('trees', () => {
  const rows = [
    { id: 'a', parentId: null },
    { id: 'b', parentId: 'a' },
    { id: 'c', parentId: 'b' },
    { id: 'd', parentId: 'missing' },
  ];
  it('builds nested nodes; an orphan becomes a root', () => {
    const tree = buildTree(rows, (row, children) => ({ id: row.id, children }));
    expect(tree).toEqual([
      { id: 'a', children: [{ id: 'b', children: [{ id: 'c', children: null }] }] },
      { id: 'd', children: null },
    ]);
  });
  it('finds every descendant (for the cycle check)', () => {
    expect([...descendantIds('a', rows)].sort()).toEqual(['a', 'b', 'c']);
    expect([...descendantIds('c', rows)]).toEqual(['c']);
  });
});
