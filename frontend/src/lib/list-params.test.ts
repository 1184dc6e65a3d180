import { describe, expect, it } from 'vitest';
import { oneOfParam, pageParam, withParams } from './list-params';

const q = (s: string) => new URLSearchParams(s);

describe('list params', () => {
  it('reads a page (1 when absent or not a page) and a known value only', () => {
    expect(pageParam(q(''))).toBe(1);
    expect(pageParam(q('page=3'))).toBe(3);
    expect(pageParam(q('page=-2'))).toBe(1);
    expect(pageParam(q('page=abc'))).toBe(1);
    expect(pageParam(q('applicantPage=2'), 'applicantPage')).toBe(2);
    expect(oneOfParam(q('status=open'), 'status', ['open', 'closed'] as const)).toBe('open');
    expect(oneOfParam(q('status=hired'), 'status', ['open', 'closed'] as const)).toBeUndefined();
  });

  it('a filter goes back to the first page; a page is kept, page 1 not written; other keys stay', () => {
    expect(withParams(q('status=open&page=3&project=p'), { status: 'closed' }).toString()).toBe('status=closed&project=p');
    expect(withParams(q('status=open'), { page: 2 }).toString()).toBe('status=open&page=2');
    expect(withParams(q('status=open&page=2'), { page: 1 }).toString()).toBe('status=open');
    expect(withParams(q('status=open&page=2'), { status: undefined }).toString()).toBe('');
    expect(withParams(q('page=2&sort=score&applicantPage=3'), { sort: 'oldest' }, 'applicantPage').toString()).toBe(
      'page=2&sort=oldest',
    );
    // Opening an item leaves the list's page alone.
    expect(withParams(q('page=2'), { project: 'p' }, null).toString()).toBe('page=2&project=p');
  });
});
