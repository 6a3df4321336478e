/** Polls until `probe` answers something truthy (the simulator and the database are other processes' views). */
export async function eventually<T>(
  probe: () => Promise<T | null | undefined | false>,
  what: string,
  timeoutMs = 15_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
