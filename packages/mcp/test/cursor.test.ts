import { ValidationError } from '@x/runtime';
import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from '../src/tools/cursor.js';

describe('list cursors', () => {
  it('carry a page token or an offset back to the tool that gave them', () => {
    expect(decodeCursor('access_groups_list', encodeCursor('access_groups_list', 'tok-1'))).toBe(
      'tok-1',
    );
    expect(decodeCursor('workforce_users_list', encodeCursor('workforce_users_list', 40))).toBe(40);
  });

  it('refuse a cursor of another tool, naming both', () => {
    const cursor = encodeCursor('workforce_users_list', 40);
    expect(() => decodeCursor('workforce_groups_list', cursor)).toThrow(ValidationError);
    expect(() => decodeCursor('workforce_groups_list', cursor)).toThrow(/workforce_users_list/);
  });

  it('refuse what no tool gave out, naming the cursor', () => {
    for (const bad of ['x', 'eyJ0Ijo0fQ', Buffer.from('{"t":"a","p":{}}').toString('base64url')]) {
      const error = (() => {
        try {
          decodeCursor('a', bad);
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).field).toBe('cursor');
    }
  });
});
