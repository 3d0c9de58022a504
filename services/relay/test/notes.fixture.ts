import { randomUUID } from 'node:crypto';
import { event } from '@healthtal/contracts';
import { EventRegistry, type NewEvent } from '@healthtal/eventstore';
import { Kafka, type KafkaMessage, logLevel } from 'kafkajs';
import { z } from 'zod';

/** A tiny event set of the relay's own: one type with a personal field, so sealing shows. */
export const notesRegistry = new EventRegistry({
  NoteWritten: {
    schema: event('NoteWritten', z.object({ authorId: z.string(), author: z.string(), n: z.number().int() })),
    currentVersion: 1,
    personalData: { subject: (data: { authorId: string }) => data.authorId, fields: ['author'] },
  },
});

export const noteWritten = (authorId: string, n: number): NewEvent => ({
  type: 'NoteWritten',
  data: { authorId, author: `Author ${authorId}`, n },
  metadata: {
    eventId: randomUUID(),
    occurredAt: new Date().toISOString(),
    correlationId: 'relay-test',
    causationId: 'relay-test',
  },
});

/** Reads the topic from the start, read-committed, until `count` messages arrived. */
export async function readTopic(brokers: string[], topic: string, count: number): Promise<KafkaMessage[]> {
  const kafka = new Kafka({ brokers, clientId: 'relay-test-reader', logLevel: logLevel.NOTHING });
  const consumer = kafka.consumer({ groupId: `reader-${randomUUID()}`, maxWaitTimeInMs: 100 });
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  const messages: KafkaMessage[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`only ${messages.length} of ${count} messages`)),
        20_000,
      );
      void consumer.run({
        eachMessage: async ({ message }) => {
          messages.push(message);
          if (messages.length >= count) {
            clearTimeout(timer);
            resolve();
          }
        },
      });
    });
  } finally {
    await consumer.disconnect();
  }
  return messages;
}
