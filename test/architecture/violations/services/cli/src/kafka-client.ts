// Breaks kafkajs-in-relay-only: Kafka's client is used inside services/relay only (ADR 0065).
import { Kafka } from 'kafkajs';

export const client = new Kafka({ brokers: [] });
