// A 401 from any call signs the user out and sends them to the login page
// (spec section 8). Transports report it here; the auth provider acts on it.
type Listener = () => void;
const listeners = new Set<Listener>();

export function onUnauthorized(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function reportUnauthorized(): void {
  for (const listener of listeners) listener();
}
