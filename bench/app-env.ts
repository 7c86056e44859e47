/** The environment every benchmarked Trellis process runs with: production mode, no worker, limits out of reach. */
export function benchAppEnv(databaseUrl: string): Record<string, string> {
  return {
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl,
    // the default (prepared) unless the run says otherwise, to measure what preparing saves
    DATABASE_PREPARED_STATEMENTS: process.env.DATABASE_PREPARED_STATEMENTS ?? 'true',
    // the default pool unless the run sets one, to compare pool sizes
    ...(process.env.DATABASE_POOL_SIZE ? { DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE } : {}),
    // bench:passkeys names an https origin of its own (WebAuthn's relying party); the others need none
    PUBLIC_URL: process.env.BENCH_PUBLIC_URL ?? 'http://127.0.0.1:0',
    RUN_WORKER: 'false',
    // the limiters stay on (their cost is measured); only the thresholds are out of reach of one loopback client
    RATE_LIMIT_MAIL_PER_IP: '1000000/1s',
    RATE_LIMIT_MAIL_PER_EMAIL: '1000000/1s',
    RATE_LIMIT_FAILED_TOKEN_PER_IP: '1000000/1s',
    RATE_LIMIT_FAILED_TOKEN_PER_CLIENT: '1000000/1s',
    // no embedded MQTT broker (the machine's Mosquitto owns 1883); bench:devices sets MQTT_URL
    MQTT_EMBEDDED: 'false',
    // a fixed key, so the seeding process and the server process read the same sealed secrets
    SECRETS_KEY: Buffer.alloc(32, 1).toString('base64'),
  }
}
