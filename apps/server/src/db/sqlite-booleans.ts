import {
  type KyselyPlugin,
  OperationNodeTransformer,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type PrimitiveValueListNode,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  type ValueNode,
} from 'kysely';
import { BOOLEAN_COLUMNS } from './schema';

const toSqlite = (value: unknown) => (typeof value === 'boolean' ? Number(value) : value);

class BooleanParameterTransformer extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    return { ...super.transformValue(node), value: toSqlite(node.value) };
  }

  protected override transformPrimitiveValueList(node: PrimitiveValueListNode): PrimitiveValueListNode {
    return { ...super.transformPrimitiveValueList(node), values: node.values.map(toSqlite) };
  }
}

/**
 * SQLite has no boolean type and better-sqlite3 refuses to bind `true`: booleans go in as 1/0,
 * and the boolean columns named in the schema come back out as booleans, so repositories
 * see the same values on SQLite as on PostgreSQL. (A boolean column selected under an alias
 * is not recognised; select it under its own name.)
 */
export class SqliteBooleanPlugin implements KyselyPlugin {
  readonly #transformer = new BooleanParameterTransformer();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const { result } = args;
    return { ...result, rows: result.rows.map(toBooleanColumns) };
  }
}

function toBooleanColumns(row: UnknownRow): UnknownRow {
  let converted: UnknownRow | undefined;
  for (const [column, value] of Object.entries(row)) {
    if (typeof value === 'number' && BOOLEAN_COLUMNS.has(column)) {
      converted ??= { ...row };
      converted[column] = value !== 0;
    }
  }
  return converted ?? row;
}
