/*
 * A Kafka cluster for tests, without Docker: librdkafka's mock cluster (the one librdkafka's own
 * test suite uses) in a process of its own. Brokers listen on loopback ports the kernel picks.
 *
 *   mock-cluster <brokers> <topic>:<partitions> [<topic>:<partitions> ...]
 *
 * Prints "bootstrap <host:port,...>" once the topics exist, then obeys one command per line on
 * stdin and answers each with "ok" or "error <reason>":
 *
 *   down <broker id>     close the broker's connections and refuse new ones (an outage)
 *   up <broker id>       accept connections again
 *
 * Exits when stdin closes (the test runner died or is done) or on SIGTERM.
 */
#include <librdkafka/rdkafka.h>
#include <librdkafka/rdkafka_mock.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void fail(const char *message) {
  fprintf(stderr, "mock-cluster: %s\n", message);
  exit(1);
}

static void create_topics(rd_kafka_mock_cluster_t *cluster, int count, char **specs) {
  for (int i = 0; i < count; i++) {
    char *colon = strrchr(specs[i], ':');
    if (!colon) fail("topics are given as <name>:<partitions>");
    *colon = '\0';
    int partitions = atoi(colon + 1);
    if (partitions < 1) fail("a topic needs at least one partition");
    if (rd_kafka_mock_topic_create(cluster, specs[i], partitions, 1) != RD_KAFKA_RESP_ERR_NO_ERROR)
      fail("could not create a topic");
  }
}

static void obey(rd_kafka_mock_cluster_t *cluster, const char *line) {
  char verb[16];
  int broker;
  if (sscanf(line, "%15s %d", verb, &broker) != 2) {
    printf("error expected: down|up <broker id>\n");
    return;
  }
  rd_kafka_resp_err_t err;
  if (strcmp(verb, "down") == 0)
    err = rd_kafka_mock_broker_set_down(cluster, broker);
  else if (strcmp(verb, "up") == 0)
    err = rd_kafka_mock_broker_set_up(cluster, broker);
  else {
    printf("error unknown command %s\n", verb);
    return;
  }
  if (err)
    printf("error %s\n", rd_kafka_err2str(err));
  else
    printf("ok\n");
}

int main(int argc, char **argv) {
  if (argc < 3) fail("usage: mock-cluster <brokers> <topic>:<partitions> ...");
  int brokers = atoi(argv[1]);
  if (brokers < 1) fail("need at least one broker");
  setvbuf(stdout, NULL, _IOLBF, 0);

  /* The mock cluster lives inside a client instance; it is never used to produce anything. */
  char errstr[512];
  rd_kafka_conf_t *conf = rd_kafka_conf_new();
  rd_kafka_conf_set(conf, "log_level", "3", errstr, sizeof(errstr));
  rd_kafka_t *handle = rd_kafka_new(RD_KAFKA_PRODUCER, conf, errstr, sizeof(errstr));
  if (!handle) fail(errstr);

  rd_kafka_mock_cluster_t *cluster = rd_kafka_mock_cluster_new(handle, brokers);
  if (!cluster) fail("could not start the mock cluster");
  create_topics(cluster, argc - 2, argv + 2);
  printf("bootstrap %s\n", rd_kafka_mock_cluster_bootstraps(cluster));

  char line[256];
  while (fgets(line, sizeof(line), stdin)) obey(cluster, line);

  rd_kafka_mock_cluster_destroy(cluster);
  rd_kafka_destroy(handle);
  return 0;
}
