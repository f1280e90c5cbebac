/** Security Settings' sessions part (issue 27): being built; the settings page renders it inside the Security card. */
export function SessionsSection() {
  return null;
}
