/**
 * Readiness: named checks that /ready runs, each with its own status in the answer. A
 * service that depends on something external adds a check (`app.readiness.add('redis', fn)`);
 * a check that throws or takes longer than its timeout marks the instance not ready.
 */
export type ReadinessCheck = () => Promise<void>

export interface CheckResult {
  status: 'ok' | 'failing'
  message?: string
}

export class Readiness {
  private readonly checks = new Map<string, ReadinessCheck>()

  constructor(private readonly timeoutMs = 2_000) {}

  add(name: string, check: ReadinessCheck): void {
    if (this.checks.has(name)) throw new Error(`readiness check "${name}" is already registered`)
    this.checks.set(name, check)
  }

  names(): string[] {
    return [...this.checks.keys()]
  }

  async run(): Promise<{ ready: boolean; checks: Record<string, CheckResult> }> {
    const entries = await Promise.all(
      [...this.checks].map(async ([name, check]) => [name, await this.one(check)] as const),
    )
    return { ready: entries.every(([, r]) => r.status === 'ok'), checks: Object.fromEntries(entries) }
  }

  private async one(check: ReadinessCheck): Promise<CheckResult> {
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${this.timeoutMs} ms`)), this.timeoutMs)
    })
    try {
      await Promise.race([check(), timeout])
      return { status: 'ok' }
    } catch (error) {
      return { status: 'failing', message: error instanceof Error ? error.message : String(error) }
    } finally {
      clearTimeout(timer)
    }
  }
}
