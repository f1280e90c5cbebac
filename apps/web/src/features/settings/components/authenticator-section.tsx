/** Security Settings' authenticator part (issue 27): being built; the settings page renders it inside the Security card. */
export function AuthenticatorSection() {
  return null;
}
