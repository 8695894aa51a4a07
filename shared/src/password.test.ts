import { describe, expect, it } from 'vitest';
import { hashPassword, PASSWORD_ITERATIONS, verifyPassword } from './password.ts';

describe('password hashing', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('correct horse');
    expect(stored.startsWith(`pbkdf2-sha256$${PASSWORD_ITERATIONS}$`)).toBe(true);
    expect(await verifyPassword('correct horse', stored)).toEqual({
      valid: true,
      needsRehash: false,
    });
    expect((await verifyPassword('correct horsE', stored)).valid).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('asks for a rehash when the iteration count changed, and refuses unknown schemes', async () => {
    const stored = await hashPassword('pw');
    const older = stored.replace(`$${PASSWORD_ITERATIONS}$`, '$1000$');
    expect((await verifyPassword('pw', older)).valid).toBe(false);
    expect(await verifyPassword('pw', 'bcrypt$whatever')).toEqual({
      valid: false,
      needsRehash: false,
    });
  });
});
