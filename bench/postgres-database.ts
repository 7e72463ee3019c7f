import pg from 'pg';

/** A PostgreSQL database of the bench's own on the server at `adminUrl`, or nothing without one. */
export async function createPostgresDatabase(adminUrl: string | undefined, label: string) {
  if (!adminUrl) return undefined;
  const name = `wheelmeet_bench_${label}_${Date.now()}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}
