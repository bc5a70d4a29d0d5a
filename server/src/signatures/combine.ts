/**
 * The built-in database together with the databases of the packages a user's project references (read from its
 * restore and cached per package version by the host), answering as one. Every package database is read with the
 * one source bit after the built-in ones (`parseSignatureDatabase(..., { sourceBit })`), so masks stay within 31 bits
 * however many packages there are. A name the built-in database knows is answered by it first.
 */
import type { ApiTypeDefinition, SignatureDatabase } from './database';

export function combineDatabases(base: SignatureDatabase, extras: readonly SignatureDatabase[]): SignatureDatabase {
  if (!extras.length) return base;
  const all = [base, ...extras];
  // Which database a definition came from, for its member block.
  const owner = new WeakMap<ApiTypeDefinition, SignatureDatabase>();
  const claim = (db: SignatureDatabase, d: ApiTypeDefinition) => {
    if (!owner.has(d)) owner.set(d, db);
    return d;
  };
  const merged = (pick: (db: SignatureDatabase) => readonly ApiTypeDefinition[]) => {
    const seen = new Set<string>();
    const out: ApiTypeDefinition[] = [];
    for (const db of all) {
      for (const d of pick(db)) {
        if (seen.has(d.fullName)) continue;
        seen.add(d.fullName);
        out.push(claim(db, d));
      }
    }
    return out;
  };
  const namedCache = new Map<string, readonly ApiTypeDefinition[]>();
  const holderCache = new Map<string, readonly ApiTypeDefinition[]>();
  return {
    formatVersion: base.formatVersion,
    sources: all.flatMap((db) => db.sources),
    typeCount: all.reduce((n, db) => n + db.typeCount, 0),
    memberCount: all.reduce((n, db) => n + db.memberCount, 0),
    type: (fullName) => {
      for (const db of all) {
        const d = db.type(fullName);
        if (d) return claim(db, d);
      }
      return undefined;
    },
    typesNamed: (name) => {
      let list = namedCache.get(name);
      if (!list) namedCache.set(name, (list = merged((db) => db.typesNamed(name))));
      return list;
    },
    hasNamespace: (namespace) => all.some((db) => db.hasNamespace(namespace)),
    membersOf: (definition) => (owner.get(definition) ?? base).membersOf(definition),
    membersNamed: (definition, name) => (owner.get(definition) ?? base).membersNamed(definition, name),
    extensionHolders: (name) => {
      let list = holderCache.get(name);
      if (!list) holderCache.set(name, (list = merged((db) => db.extensionHolders(name))));
      return list;
    },
    validate: () => all.flatMap((db) => db.validate()),
  };
}
