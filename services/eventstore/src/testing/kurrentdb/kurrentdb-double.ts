import { Server, ServerCredentials, type ServerWritableStream, status } from '@grpc/grpc-js';
import { appendSession } from './append-session';
import { TransactionLog, writeStatsEvent } from './log';
import {
  type ReadReq,
  type ReadResp,
  v1Features,
  v1FeaturesGrpc,
  v1StreamsGrpc,
  v2StreamsGrpc,
} from './protocol';
import { readOnce, SubscriptionPump, type SubscriptionSettings } from './reads';
import { append, batchAppend, deleteStream } from './writes';

export type KurrentDBDoubleOptions = Partial<SubscriptionSettings> & {
  /** Writes a `$statsCollected` event this often, as a server does (every 30 s by default there). */
  statsEveryMs?: number;
  /** Advertise the v2 multi-stream append (KurrentDB 25.1+). Off: a server before 25.1. */
  multiStreamAppend?: boolean;
  /** The server's MaxAppendSize in bytes (KurrentDB's default: 1 MiB), for one append or one session. */
  maxAppendSize?: number;
  /** What ServerFeatures reports. */
  serverVersion?: string;
};

/**
 * A KurrentDB server for tests, in memory, speaking the real gRPC protocol on a local port: the
 * v1 Streams service (reads of streams and `$all`, catch-up subscriptions with server-side filters
 * and checkpoints, appends, batch appends, deletes, tombstones), ServerFeatures, and the v2
 * multi-stream append. Both halves of `@kurrent/kurrentdb-client` talk to it: the JavaScript one
 * (appends, subscriptions) and the Rust bridge (reads).
 *
 * Faults for tests: `restart()` (the server goes away and comes back on the same port with its
 * data), `stop()`/`start()` separately, and `wedgeSubscriptions()` (open subscription streams go
 * silent without ending). docs/adr/0020-kurrentdb-wire-double.md says where each rule comes from.
 */
export class KurrentDBDouble {
  readonly log = new TransactionLog();
  private server: Server | null = null;
  private port = 0;
  private readonly pumps = new Set<SubscriptionPump>();
  private statsTimer: NodeJS.Timeout | null = null;
  private readonly settings: SubscriptionSettings;

  constructor(private readonly options: KurrentDBDoubleOptions = {}) {
    this.settings = {
      liveBufferSize: options.liveBufferSize ?? 500,
      defaultSearchWindow: options.defaultSearchWindow ?? 32,
      eventDelayMs: options.eventDelayMs ?? 0,
    };
  }

  static async start(options?: KurrentDBDoubleOptions): Promise<KurrentDBDouble> {
    const double = new KurrentDBDouble(options);
    await double.start();
    return double;
  }

  /** The connection string a client uses: single node, no TLS. */
  get connectionString(): string {
    return `kurrentdb://127.0.0.1:${this.port}?tls=false`;
  }

  private get maxAppendSize() {
    return this.options.maxAppendSize ?? 1024 * 1024;
  }

  get isRunning() {
    return this.server !== null;
  }

  /** Listens (again, on the same port after a stop). */
  async start(): Promise<void> {
    if (this.server) return;
    const server = new Server();
    server.addService(v1FeaturesGrpc.ServerFeaturesService, {
      getSupportedMethods: (_call: unknown, callback: (e: null, r: unknown) => void) =>
        callback(null, this.supportedMethods()),
    });
    server.addService(v1StreamsGrpc.StreamsService, {
      read: (call: ServerWritableStream<ReadReq, ReadResp>) => this.read(call),
      append: append(this.log, this.maxAppendSize),
      batchAppend: batchAppend(this.log, this.maxAppendSize),
      delete: deleteStream(this.log, false),
      tombstone: deleteStream(this.log, true),
    });
    if (this.options.multiStreamAppend ?? true) {
      server.addService(v2StreamsGrpc.StreamsServiceService, {
        appendSession: appendSession(this.log, this.maxAppendSize),
        appendRecords: (_call: unknown, callback: (e: object) => void) =>
          callback({ code: status.UNIMPLEMENTED, details: 'AppendRecords is KurrentDB 26.1' }),
      });
    }
    this.port = await new Promise<number>((resolve, reject) =>
      server.bindAsync(`127.0.0.1:${this.port}`, ServerCredentials.createInsecure(), (error, port) =>
        error ? reject(error) : resolve(port),
      ),
    );
    this.server = server;
    if (this.options.statsEveryMs) {
      this.statsTimer = setInterval(
        () => writeStatsEvent(this.log, `127.0.0.1:${this.port}`),
        this.options.statsEveryMs,
      );
      this.statsTimer.unref();
    }
  }

  /** Goes away: every connection and call is cut, the port closed. The data stays. */
  async stop(): Promise<void> {
    if (this.statsTimer) clearInterval(this.statsTimer);
    this.statsTimer = null;
    for (const pump of this.pumps) pump.wedge();
    this.pumps.clear();
    this.server?.forceShutdown();
    this.server = null;
  }

  async restart(): Promise<void> {
    await this.stop();
    await this.start();
  }

  /** Every subscription open now stops delivering without ending: only a client's watchdog notices. */
  wedgeSubscriptions(): number {
    const wedged = this.pumps.size;
    for (const pump of this.pumps) pump.wedge();
    this.pumps.clear();
    return wedged;
  }

  get openSubscriptions() {
    return this.pumps.size;
  }

  private read(call: ServerWritableStream<ReadReq, ReadResp>) {
    const options = call.request.getOptions();
    if (!options)
      return call.emit('error', Object.assign(new Error('no options'), { code: status.INVALID_ARGUMENT }));
    if (!options.hasSubscription()) return readOnce(this.log, call);
    if (!options.hasAll())
      return call.emit(
        'error',
        Object.assign(new Error('The double serves $all subscriptions only'), { code: status.UNIMPLEMENTED }),
      );
    const pump = new SubscriptionPump(this.log, call, this.settings, () => this.pumps.delete(pump));
    this.pumps.add(pump);
    void pump.run().catch(() => undefined);
  }

  private supportedMethods() {
    const method = (service: string, name: string, features: string[] = []) =>
      new v1Features.SupportedMethod().setServiceName(service).setMethodName(name).setFeaturesList(features);
    const streams = 'event_store.client.streams.streams';
    const methods = [
      method(streams, 'read', ['position', 'events']),
      method(streams, 'append'),
      method(streams, 'batchappend'),
      method(streams, 'delete'),
      method(streams, 'tombstone'),
      method('event_store.client.server_features.serverfeatures', 'getsupportedmethods'),
    ];
    if (this.options.multiStreamAppend ?? true)
      methods.push(method('kurrentdb.protocol.v2.streams.streamsservice', 'appendsession'));
    return new v1Features.SupportedMethods()
      .setEventStoreServerVersion(this.options.serverVersion ?? '25.1.0')
      .setMethodsList(methods);
  }
}
