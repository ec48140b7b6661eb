import { describe, expect, it } from 'vitest';
import { setTask } from './task-list.ts';

describe('setTask', () => {
  const source = 'Shopping\n\n- [ ] eggs\n- [x] milk\n  1. [ ] nested\n';

  it('ticks the task whose list item starts at the offset', () => {
    expect(setTask(source, source.indexOf('- [ ] eggs'), true)).toBe(
      'Shopping\n\n- [x] eggs\n- [x] milk\n  1. [ ] nested\n',
    );
  });

  it('unticks, and finds nested items from their own line', () => {
    expect(setTask(source, source.indexOf('- [x] milk'), false)).toContain('- [ ] milk');
    expect(setTask(source, source.indexOf('1. [ ]'), true)).toContain('  1. [x] nested');
  });

  it('leaves the source alone when the offset is not a task', () => {
    expect(setTask(source, 0, true)).toBe(source);
  });
});
