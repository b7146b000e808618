import bcrypt from 'bcryptjs';

/** bcrypt, so that password hashes imported from LibreChat keep working. */
const COST = 10;

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, COST);
}

export function verifyPassword(password: string, hash: string | null): Promise<boolean> {
  // Compare against a throwaway hash when there is none, so a missing account costs the same time.
  return bcrypt.compare(password, hash ?? DUMMY_HASH);
}

const DUMMY_HASH = bcrypt.hashSync('chatbox-timing-equaliser', COST);
