import type { UserDto } from '../protocol/auth.js';
import type { User } from '../store/repositories/users.js';

/** What a client may see of a user: never the password hash or provider ids. */
export function toUserDto(user: User): UserDto {
  return {
    id: user.id,
    _id: user.id,
    name: user.name,
    username: user.username,
    email: user.email,
    emailVerified: user.emailVerified,
    avatar: user.avatar,
    provider: user.provider,
    role: user.role,
    plugins: user.plugins,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}
