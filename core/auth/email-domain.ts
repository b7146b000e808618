/** registration.allowedDomains: an empty or missing list allows every domain. */
export function isEmailDomainAllowed(email: string, allowedDomains: string[] | undefined): boolean {
  if (!allowedDomains || allowedDomains.length === 0) return true;
  const domain = email.split('@').pop()?.toLowerCase() ?? '';
  return allowedDomains.some((allowed) => allowed.toLowerCase() === domain);
}
