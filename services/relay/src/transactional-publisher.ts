import type { Kafka, Message, Producer } from 'kafkajs';
import { Partitioners } from 'kafkajs';

/**
 * Publishes each batch in one Kafka transaction. A transactional producer is an idempotent one
 * (producer id, epoch and sequence numbers: a retried send is written once) and more: a batch is
 * visible to read-committed consumers all or nothing, and a second relay with the same
 * transactional id fences the first. kafkajs's plain `idempotent: true` would ask the cluster's
 * controller for a producer id; librdkafka 2.0.2's mock cluster names a controller that does not
 * exist (broker 0), while the transactional path asks the transaction coordinator and works on the
 * mock and on real Kafka alike (docs/adr/0014-kafka-transport.md).
 */
export class TransactionalPublisher {
  private producer: Producer | null = null;

  constructor(
    private readonly kafka: Kafka,
    private readonly topic: string,
    private readonly transactionalId: string,
  ) {}

  async publish(messages: Message[]): Promise<void> {
    const producer = await this.connected();
    try {
      const transaction = await producer.transaction();
      try {
        for (const chunk of chunksOf(messages))
          await transaction.send({ topic: this.topic, messages: chunk, acks: -1 });
        await transaction.commit();
      } catch (error) {
        await transaction.abort().catch(() => undefined);
        throw error;
      }
    } catch (error) {
      // After a failure the producer's transaction state is unknown: start over with a new producer,
      // whose InitProducerId also aborts whatever the old one left open.
      await this.disconnect();
      throw error;
    }
  }

  async disconnect(): Promise<void> {
    const producer = this.producer;
    this.producer = null;
    await producer?.disconnect().catch(() => undefined);
  }

  private async connected(): Promise<Producer> {
    if (this.producer) return this.producer;
    const producer = this.kafka.producer({
      transactionalId: this.transactionalId,
      maxInFlightRequests: 1,
      createPartitioner: Partitioners.DefaultPartitioner,
    });
    await producer.connect();
    this.producer = producer;
    return producer;
  }
}

/**
 * Kafka refuses a record batch over `message.max.bytes` (1 MB by default), and a thousand imported
 * candidates are more than that: a batch goes out in sends of at most this many bytes of values,
 * all in the one transaction.
 */
const MAX_SEND_BYTES = 900 * 1024;

function chunksOf(messages: Message[]): Message[][] {
  const chunks: Message[][] = [];
  let chunk: Message[] = [];
  let bytes = 0;
  for (const message of messages) {
    const size = Buffer.byteLength(message.value ?? '');
    if (chunk.length > 0 && bytes + size > MAX_SEND_BYTES) {
      chunks.push(chunk);
      chunk = [];
      bytes = 0;
    }
    chunk.push(message);
    bytes += size;
  }
  if (chunk.length > 0) chunks.push(chunk);
  return chunks;
}
