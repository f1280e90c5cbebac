/** Security Settings' passkeys part (issue 27): being built; the settings page renders it inside the Security card. */
export function PasskeysSection() {
  return null;
}
