import { describe, expect, it } from 'vitest';
import { roleOf } from '../../lib/roles';
import { canOpen, NAV } from './nav';

describe('roles and menus (spec §2, §6)', () => {
  it('an unknown role gets the student menu', () => {
    expect(roleOf({ userType: 'user' })).toBe('student');
    expect(NAV[roleOf({ userType: 'weird' })].map((i) => i.key)).toEqual(['overview', 'browse-projects', 'my-applications']);
  });

  it('role-only screens', () => {
    expect(canOpen('student', 'browse-projects')).toBe(true);
    expect(canOpen('student', 'create-project')).toBe(false);
    expect(canOpen('startup', 'view-projects')).toBe(true);
    expect(canOpen('startup', 'manage-users')).toBe(false);
    expect(canOpen('admin', 'ai-recruitment')).toBe(true);
    expect(canOpen('admin', 'my-applications')).toBe(false);
    expect(canOpen('student', 'nonsense')).toBe(false);
  });
});
