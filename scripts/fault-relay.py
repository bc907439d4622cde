#!/usr/bin/env python3
"""A TCP relay between PostgreSQL clients and a server, with the faults of a real
network: a delay each way, the server's replies lost once a client sends COMMIT, a
connection cut right after COMMIT, and a path that stops answering (and comes back).
The tests (Tests/GeoTestSupport/FaultRelay.swift) and `make bench` (club figures
over a 50 ms path) start it; it is not part of the program.

    scripts/fault-relay.py --target 127.0.0.1:5432 [--delay-ms 25]

It listens on a free port of 127.0.0.1 and prints `port N` on its first line. Then it
reads commands, one per line, on standard input, and answers each with `ok`:

    delay MS            delay each direction by MS milliseconds from now on
    drop-after-commit   the next COMMIT a client sends reaches the server, but every
                        reply on that connection is lost from then on (it stays open)
    cut-after-commit    the next COMMIT reaches the server, then the connection closes
    stall               stop passing bytes either way (held, as a dead path would);
                        new connections are accepted and held too
    pass                deliver what was held and pass bytes again
    stats               answers `connections N turns T`: the connections accepted, and
                        the turns, each a client's bytes followed by the server's
                        answer: the round trips the relay saw
    quit                close everything and exit

When a fault fires it prints `fired drop-after-commit` (or `cut-after-commit`).
"""
import argparse
import asyncio
import os
import struct
import sys
import time

SSL_REQUEST = 80877103
GSS_REQUEST = 80877104
CANCEL_REQUEST = 80877102


class Relay:
    def __init__(self, host, port, delay_ms):
        self.target = (host, port)
        self.delay = delay_ms / 1000
        self.armed = None
        self.flowing = asyncio.Event()
        self.flowing.set()
        self.connections = 0
        self.turns = 0
        self.open = set()

    def say(self, line):
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

    async def serve(self, client_reader, client_writer):
        self.connections += 1
        try:
            server_reader, server_writer = await asyncio.open_connection(*self.target)
        except OSError:
            client_writer.close()
            return
        link = Link(self, client_writer, server_writer)
        self.open.add(link)
        try:
            await asyncio.gather(link.pump(client_reader, server_writer, from_client=True),
                                 link.pump(server_reader, client_writer, from_client=False))
        finally:
            self.open.discard(link)
            link.close()

    async def control(self):
        loop = asyncio.get_running_loop()
        reader = asyncio.StreamReader()
        await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
        while True:
            line = await reader.readline()
            if not line:
                return
            words = line.decode().split()
            if not words:
                continue
            command = words[0]
            if command == "delay":
                self.delay = float(words[1]) / 1000
            elif command in ("drop-after-commit", "cut-after-commit"):
                self.armed = command
            elif command == "stall":
                self.flowing.clear()
            elif command == "pass":
                self.flowing.set()
            elif command == "stats":
                self.say(f"connections {self.connections} turns {self.turns}")
                continue
            elif command == "quit":
                for link in list(self.open):
                    link.close()
                self.say("ok")
                # Links still pumping would be cancelled by the loop's shutdown and
                # reported as errors: nothing is left to finish, so leave at once.
                os._exit(0)
            else:
                self.say(f"unknown {command}")
                continue
            self.say("ok")


class Link:
    """One client's connection and its connection to the server."""

    def __init__(self, relay, client_writer, server_writer):
        self.relay = relay
        self.writers = (client_writer, server_writer)
        self.dropping = False
        self.client_spoke = False
        self.parser = ClientMessages()

    def close(self):
        for writer in self.writers:
            if not writer.is_closing():
                writer.close()

    async def pump(self, reader, writer, from_client):
        queue = asyncio.Queue()
        sender = asyncio.create_task(self.deliver(queue, writer, from_client))
        try:
            while True:
                data = await reader.read(65536)
                if not data:
                    break
                commit = from_client and self.parser.feed(data)
                await queue.put((time.monotonic() + self.relay.delay, data, commit))
        except (ConnectionError, OSError):
            pass
        await queue.put(None)
        await sender
        self.close()

    async def deliver(self, queue, writer, from_client):
        while True:
            item = await queue.get()
            if item is None:
                return
            due, data, commit = item
            wait = due - time.monotonic()
            if wait > 0:
                await asyncio.sleep(wait)
            await self.relay.flowing.wait()
            if not from_client and self.dropping:
                continue
            if from_client:
                self.client_spoke = True
            elif self.client_spoke:
                self.client_spoke = False
                self.relay.turns += 1
            try:
                writer.write(data)
                await writer.drain()
            except (ConnectionError, OSError):
                return
            if commit and self.relay.armed:
                fault, self.relay.armed = self.relay.armed, None
                self.relay.say(f"fired {fault}")
                if fault == "drop-after-commit":
                    self.dropping = True
                else:
                    await asyncio.sleep(0.05)
                    self.close()
                    return


class ClientMessages:
    """Follows the client's side of the protocol far enough to see a COMMIT: the
    untyped start-up messages, then typed ones (simple Query 'Q', extended Parse 'P')."""

    def __init__(self):
        self.buffer = b""
        self.started = False

    def feed(self, data):
        self.buffer += data
        commit = False
        while True:
            if not self.started:
                if len(self.buffer) < 8:
                    return commit
                length, code = struct.unpack("!ii", self.buffer[:8])
                if len(self.buffer) < length:
                    return commit
                self.buffer = self.buffer[length:]
                if code not in (SSL_REQUEST, GSS_REQUEST, CANCEL_REQUEST):
                    self.started = True
                continue
            if len(self.buffer) < 5:
                return commit
            kind = self.buffer[:1]
            (length,) = struct.unpack("!i", self.buffer[1:5])
            if len(self.buffer) < 1 + length:
                return commit
            body = self.buffer[5:1 + length]
            self.buffer = self.buffer[1 + length:]
            if kind == b"Q":
                text = body.split(b"\0", 1)[0]
            elif kind == b"P":
                text = body.split(b"\0", 2)[1] if body.count(b"\0") >= 2 else b""
            else:
                continue
            if text.strip().upper().startswith((b"COMMIT", b"END")):
                commit = True


async def main():
    parser = argparse.ArgumentParser(description="A delaying, faulty TCP relay for PostgreSQL tests.")
    parser.add_argument("--target", required=True, help="the server as HOST:PORT")
    parser.add_argument("--delay-ms", type=float, default=0, help="delay of each direction")
    options = parser.parse_args()
    host, _, port = options.target.rpartition(":")
    relay = Relay(host, int(port), options.delay_ms)
    server = await asyncio.start_server(relay.serve, "127.0.0.1", 0)
    relay.say(f"port {server.sockets[0].getsockname()[1]}")
    await relay.control()
    server.close()


if __name__ == "__main__":
    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        pass
