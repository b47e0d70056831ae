import { and, asc, count, eq, gt, lte, sql } from "drizzle-orm";
import * as Y from "yjs";
import type { Database } from "#server/db/client";
import { episodeDocUpdates } from "#server/db/schema";
import { DomainError } from "#server/modules/errors";
import type { Logger } from "#server/platform/logger";
import { ROOM_LIMITS, type RoomDoc } from "#shared/rooms";
import { textChange } from "#shared/text-change";

/** The shared text of a room's document: one Y.Text named "body". */
export const TEXT_NAME = "body";
/** More update rows than this and the document's rows are compacted into one. */
export const COMPACT_AFTER_ROWS = 200;
/** Documents kept in memory per instance (each at most a few hundred KB). */
const CACHE_MAX = 64;

type Db = Pick<Database, "select" | "insert" | "delete" | "execute" | "transaction">;
type Entry = { ydoc: Y.Doc; lastId: number; rows: number };

/** What storing an update did: the row it made, or null when it changed nothing (already known). */
export type Appended = { id: number } | null;

/** The characters of a document's text, for the length rule. */
export const textOf = (ydoc: Y.Doc) => ydoc.getText(TEXT_NAME).toString();

/**
 * The live documents of the rooms (the script and the notes), kept in PostgreSQL as the Yjs updates they were
 * made of (`episode_doc_updates`, applied in id order). Every instance keeps the documents it served in memory,
 * and before each use reads the rows written since (by any instance), so two instances always answer the same
 * document. Writes of one document are serialised by a transaction-scoped advisory lock: ids are then handed
 * out in commit order, so "rows after the last one seen" never skips a row committed late, and the length
 * rule is checked against the whole document.
 */
export class DocsStore {
  private readonly cache = new Map<string, Entry>();

  constructor(
    private readonly db: Db,
    private readonly opts: { log?: Logger; compactAfterRows?: number } = {},
  ) {}

  /** The document as stored now (a shared instance: do not modify it; copy it with `Y.encodeStateAsUpdate`). */
  async load(roomId: string, doc: RoomDoc): Promise<Y.Doc> {
    return (await this.current(this.db, roomId, doc)).ydoc;
  }

  async text(roomId: string, doc: RoomDoc): Promise<string> {
    return textOf(await this.load(roomId, doc));
  }

  /** What a client whose state is `stateVector` lacks, and the server's own state vector (to learn what it lacks). */
  async diff(roomId: string, doc: RoomDoc, stateVector?: Uint8Array): Promise<{ update: Uint8Array; stateVector: Uint8Array }> {
    const ydoc = await this.load(roomId, doc);
    let update: Uint8Array;
    try {
      update = Y.encodeStateAsUpdate(ydoc, stateVector);
    } catch {
      throw new DomainError("input.invalid");
    }
    return { update, stateVector: Y.encodeStateVector(ydoc) };
  }

  /**
   * Stores one update. Refused (input.invalid) when it is larger than ROOM_LIMITS.updateBytesMax, cannot be
   * read, touches anything but the document's text, or would make the text longer than ROOM_LIMITS.docMax.
   * An update that changes nothing (a client sending again what the server has) is not stored.
   */
  async appendUpdate(roomId: string, doc: RoomDoc, update: Uint8Array): Promise<Appended> {
    if (update.byteLength === 0 || update.byteLength > ROOM_LIMITS.updateBytesMax) throw new DomainError("input.invalid");
    const appended = await this.db
      .transaction(async (tx) => {
        await lockDoc(tx, roomId, doc);
        const entry = await this.current(tx, roomId, doc);
        let changed = false;
        const mark = () => (changed = true);
        entry.ydoc.on("update", mark);
        try {
          Y.applyUpdate(entry.ydoc, update, "store");
        } catch {
          throw new DomainError("input.invalid");
        } finally {
          entry.ydoc.off("update", mark);
        }
        // An update waiting for an earlier one is kept too: it applies once that one arrives.
        const pending = !!entry.ydoc.store.pendingStructs || !!entry.ydoc.store.pendingDs;
        if (!changed && !pending) return null;
        const onlyText = [...entry.ydoc.share.keys()].every((k) => k === TEXT_NAME);
        // The copy in memory took the update: a refusal below makes it read again from the rows (catch).
        if (!onlyText) throw new DomainError("input.invalid");
        if (entry.ydoc.getText(TEXT_NAME).length > ROOM_LIMITS.docMax) throw new DomainError("rooms.doc_too_long");
        const [row] = await tx
          .insert(episodeDocUpdates)
          .values({ roomId, doc, update: Buffer.from(update) })
          .returning({ id: episodeDocUpdates.id });
        entry.lastId = row.id;
        entry.rows++;
        return { id: row.id, rows: entry.rows };
      })
      .catch((err: unknown) => {
        this.forget(roomId, doc);
        throw err;
      });
    if (appended && appended.rows > (this.opts.compactAfterRows ?? COMPACT_AFTER_ROWS)) {
      await this.compact(roomId, doc).catch((err) => this.opts.log?.warn("room document compaction failed", { roomId, doc, err }));
    }
    return appended && { id: appended.id };
  }

  /**
   * Replaces the document's text by `text` in one Yjs transaction (only the part that differs is deleted and
   * inserted, so the carets of people typing elsewhere stay put), stored as one update. Returns that update
   * and its row, or null when the text was already that.
   */
  async replaceText(roomId: string, doc: RoomDoc, text: string): Promise<{ id: number; update: Uint8Array } | null> {
    if (text.length > ROOM_LIMITS.docMax) throw new DomainError("input.invalid");
    return this.db
      .transaction(async (tx) => {
        await lockDoc(tx, roomId, doc);
        const entry = await this.current(tx, roomId, doc);
        const ytext = entry.ydoc.getText(TEXT_NAME);
        const change = textChange(ytext.toString(), text);
        if (!change) return null;
        let update: Uint8Array | null = null;
        const capture = (u: Uint8Array) => (update = u);
        entry.ydoc.on("update", capture);
        try {
          entry.ydoc.transact(() => {
            if (change.removed) ytext.delete(change.at, change.removed);
            if (change.inserted) ytext.insert(change.at, change.inserted);
          }, "store");
        } finally {
          entry.ydoc.off("update", capture);
        }
        const [row] = await tx
          .insert(episodeDocUpdates)
          .values({ roomId, doc, update: Buffer.from(update!) })
          .returning({ id: episodeDocUpdates.id });
        entry.lastId = row.id;
        entry.rows++;
        return { id: row.id, update: update! as Uint8Array };
      })
      .catch((err: unknown) => {
        this.forget(roomId, doc);
        throw err;
      });
  }

  /**
   * Replaces every row of the document up to now by one update holding the same document (deleted text
   * collected), in one transaction under the document's lock. It takes the last merged row's id, so a reader
   * that already saw it reads nothing again, and rows appended meanwhile (after it) are untouched.
   */
  async compact(roomId: string, doc: RoomDoc): Promise<number> {
    return this.db.transaction(async (tx) => {
      await lockDoc(tx, roomId, doc);
      const rows = await tx
        .select({ id: episodeDocUpdates.id, update: episodeDocUpdates.update })
        .from(episodeDocUpdates)
        .where(and(eq(episodeDocUpdates.roomId, roomId), eq(episodeDocUpdates.doc, doc)))
        .orderBy(asc(episodeDocUpdates.id));
      if (rows.length < 2) return rows.length;
      const ydoc = new Y.Doc();
      for (const r of rows) Y.applyUpdate(ydoc, r.update);
      const merged = Y.encodeStateAsUpdate(ydoc);
      const lastId = rows[rows.length - 1].id;
      await tx
        .delete(episodeDocUpdates)
        .where(and(eq(episodeDocUpdates.roomId, roomId), eq(episodeDocUpdates.doc, doc), lte(episodeDocUpdates.id, lastId)));
      await tx.insert(episodeDocUpdates).values({ id: lastId, roomId, doc, update: Buffer.from(merged) });
      const entry = this.cache.get(key(roomId, doc));
      if (entry) entry.rows = 1;
      return 1;
    });
  }

  /** Forgets a document held in memory (it is read again from its rows when next used). */
  forget(roomId: string, doc: RoomDoc) {
    this.cache.delete(key(roomId, doc));
  }

  /** The cached document brought up to date with the rows written since it was last read. */
  private async current(db: Pick<Database, "select">, roomId: string, doc: RoomDoc): Promise<Entry> {
    const k = key(roomId, doc);
    let entry = this.cache.get(k);
    if (entry) {
      // Most recently used last.
      this.cache.delete(k);
      this.cache.set(k, entry);
    } else {
      entry = { ydoc: new Y.Doc(), lastId: 0, rows: 0 };
      this.cache.set(k, entry);
      while (this.cache.size > CACHE_MAX) this.cache.delete(this.cache.keys().next().value!);
    }
    const rows = await db
      .select({ id: episodeDocUpdates.id, update: episodeDocUpdates.update })
      .from(episodeDocUpdates)
      .where(and(eq(episodeDocUpdates.roomId, roomId), eq(episodeDocUpdates.doc, doc), gt(episodeDocUpdates.id, entry.lastId)))
      .orderBy(asc(episodeDocUpdates.id));
    if (rows.length) {
      Y.transact(entry.ydoc, () => {
        for (const r of rows) Y.applyUpdate(entry.ydoc, r.update, "store");
      });
      entry.lastId = rows[rows.length - 1].id;
      entry.rows += rows.length;
    }
    return entry;
  }

  /** How many update rows a document has (for tests and compaction). */
  async rowCount(roomId: string, doc: RoomDoc): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(episodeDocUpdates)
      .where(and(eq(episodeDocUpdates.roomId, roomId), eq(episodeDocUpdates.doc, doc)));
    return Number(row?.n ?? 0);
  }
}

const key = (roomId: string, doc: RoomDoc) => `${roomId}:${doc}`;

/** One writer at a time per document, across instances. */
async function lockDoc(tx: Pick<Database, "execute">, roomId: string, doc: RoomDoc) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`episode-doc:${roomId}:${doc}`}))`);
}

/** One store per database handle (per instance), shared by the operations. */
const stores = new WeakMap<object, DocsStore>();
export function docsFor(deps: { db: Database; log?: Logger }): DocsStore {
  let store = stores.get(deps.db);
  if (!store) stores.set(deps.db, (store = new DocsStore(deps.db, { log: deps.log })));
  return store;
}
