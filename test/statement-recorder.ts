import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely'
import type { DB } from '../src/db/connect.ts'

/** Records the SQL text (values left out) of every statement sent through the database it is plugged into. */
export class StatementRecorder implements KyselyPlugin {
  statements: string[] = []
  db: DB | null = null
  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    if (this.db) this.statements.push(this.db.getExecutor().compileQuery(node, queryId).sql)
    return node
  }
  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result
  }

  /** `base` with this recorder plugged in. */
  attach(base: DB): DB {
    const db = base.withPlugin(this)
    this.db = db
    return db
  }
}
