# richards: Martin Richards' operating-system task scheduler simulation.
# The classic object-oriented interpreter benchmark (also in pyperformance,
# here written afresh): a scheduler runs an idle task, a worker, two packet
# handlers and two devices that pass packets through linked queues. Measures
# method calls with virtual dispatch (each task overrides fn), attribute
# access on instances and on one module-level object, `is None` tests and
# short linked-list walks. Each iteration must reproduce the reference
# counts (qpkt 23246, hold 9297); the checksum sums them over all runs.
# quick-size: 2

import sys

I_IDLE = 1
I_WORK = 2
I_HANDLERA = 3
I_HANDLERB = 4
I_DEVA = 5
I_DEVB = 6

K_DEV = 1000
K_WORK = 1001

BUFSIZE = 4
BUFSIZE_RANGE = range(BUFSIZE)
TASKTABSIZE = 10
A = ord("A")


class Packet:
    def __init__(self, link, ident, kind):
        self.link = link
        self.ident = ident
        self.kind = kind
        self.datum = 0
        self.data = [0] * BUFSIZE

    def append_to(self, lst):
        self.link = None
        if lst is None:
            return self
        p = lst
        nxt = p.link
        while nxt is not None:
            p = nxt
            nxt = p.link
        p.link = self
        return lst


class TaskRec:
    pass


class DeviceTaskRec(TaskRec):
    def __init__(self):
        self.pending = None


class IdleTaskRec(TaskRec):
    def __init__(self):
        self.control = 1
        self.count = 10000


class HandlerTaskRec(TaskRec):
    def __init__(self):
        self.work_in = None
        self.device_in = None

    def work_in_add(self, p):
        self.work_in = p.append_to(self.work_in)
        return self.work_in

    def device_in_add(self, p):
        self.device_in = p.append_to(self.device_in)
        return self.device_in


class WorkerTaskRec(TaskRec):
    def __init__(self):
        self.destination = I_HANDLERA
        self.count = 0


class TaskState:
    def __init__(self):
        self.packet_pending = True
        self.task_waiting = False
        self.task_holding = False

    def packet_pending_state(self):
        self.packet_pending = True
        self.task_waiting = False
        self.task_holding = False
        return self

    def waiting(self):
        self.packet_pending = False
        self.task_waiting = True
        self.task_holding = False
        return self

    def running(self):
        self.packet_pending = False
        self.task_waiting = False
        self.task_holding = False
        return self

    def waiting_with_packet(self):
        self.packet_pending = True
        self.task_waiting = True
        self.task_holding = False
        return self

    def is_task_holding_or_waiting(self):
        return self.task_holding or (not self.packet_pending and self.task_waiting)

    def is_waiting_with_packet(self):
        return self.packet_pending and self.task_waiting and not self.task_holding


class TaskWorkArea:
    def __init__(self):
        self.task_tab = [None] * TASKTABSIZE
        self.task_list = None
        self.hold_count = 0
        self.qpkt_count = 0


work_area = TaskWorkArea()


class Task(TaskState):
    def __init__(self, ident, priority, input, initial, handle):
        self.link = work_area.task_list
        self.ident = ident
        self.priority = priority
        self.input = input
        self.packet_pending = initial.packet_pending
        self.task_waiting = initial.task_waiting
        self.task_holding = initial.task_holding
        self.handle = handle
        work_area.task_list = self
        work_area.task_tab[ident] = self

    def fn(self, pkt, handle):
        raise NotImplementedError("Task.fn")

    def add_packet(self, p, old):
        if self.input is None:
            self.input = p
            self.packet_pending = True
            if self.priority > old.priority:
                return self
        else:
            p.append_to(self.input)
        return old

    def run_task(self):
        if self.is_waiting_with_packet():
            msg = self.input
            self.input = msg.link
            if self.input is None:
                self.running()
            else:
                self.packet_pending_state()
        else:
            msg = None
        return self.fn(msg, self.handle)

    def wait_task(self):
        self.task_waiting = True
        return self

    def hold(self):
        work_area.hold_count += 1
        self.task_holding = True
        return self.link

    def release(self, ident):
        t = self.find_tcb(ident)
        t.task_holding = False
        if t.priority > self.priority:
            return t
        return self

    def qpkt(self, pkt):
        t = self.find_tcb(pkt.ident)
        work_area.qpkt_count += 1
        pkt.link = None
        pkt.ident = self.ident
        return t.add_packet(pkt, self)

    def find_tcb(self, ident):
        t = work_area.task_tab[ident]
        if t is None:
            raise ValueError(f"bad task id {ident}")
        return t


class DeviceTask(Task):
    def fn(self, pkt, d):
        if pkt is None:
            pkt = d.pending
            if pkt is None:
                return self.wait_task()
            d.pending = None
            return self.qpkt(pkt)
        d.pending = pkt
        return self.hold()


class HandlerTask(Task):
    def fn(self, pkt, h):
        if pkt is not None:
            if pkt.kind == K_WORK:
                h.work_in_add(pkt)
            else:
                h.device_in_add(pkt)
        work = h.work_in
        if work is None:
            return self.wait_task()
        count = work.datum
        if count >= BUFSIZE:
            h.work_in = work.link
            return self.qpkt(work)
        dev = h.device_in
        if dev is None:
            return self.wait_task()
        h.device_in = dev.link
        dev.datum = work.data[count]
        work.datum = count + 1
        return self.qpkt(dev)


class IdleTask(Task):
    def __init__(self, ident, priority, input, initial, handle):
        super().__init__(ident, 0, None, initial, handle)

    def fn(self, pkt, i):
        i.count -= 1
        if i.count == 0:
            return self.hold()
        if i.control & 1 == 0:
            i.control //= 2
            return self.release(I_DEVA)
        i.control = i.control // 2 ^ 0xD008
        return self.release(I_DEVB)


class WorkTask(Task):
    def fn(self, pkt, w):
        if pkt is None:
            return self.wait_task()
        if w.destination == I_HANDLERA:
            dest = I_HANDLERB
        else:
            dest = I_HANDLERA
        w.destination = dest
        pkt.ident = dest
        pkt.datum = 0
        for i in BUFSIZE_RANGE:
            w.count += 1
            if w.count > 26:
                w.count = 1
            pkt.data[i] = A + w.count - 1
        return self.qpkt(pkt)


def schedule():
    t = work_area.task_list
    while t is not None:
        if t.is_task_holding_or_waiting():
            t = t.link
        else:
            t = t.run_task()


def run_once():
    work_area.hold_count = 0
    work_area.qpkt_count = 0
    IdleTask(I_IDLE, 1, 10000, TaskState().running(), IdleTaskRec())

    wkq = Packet(None, 0, K_WORK)
    wkq = Packet(wkq, 0, K_WORK)
    WorkTask(I_WORK, 1000, wkq, TaskState().waiting_with_packet(), WorkerTaskRec())

    wkq = Packet(None, I_DEVA, K_DEV)
    wkq = Packet(wkq, I_DEVA, K_DEV)
    wkq = Packet(wkq, I_DEVA, K_DEV)
    HandlerTask(I_HANDLERA, 2000, wkq, TaskState().waiting_with_packet(), HandlerTaskRec())

    wkq = Packet(None, I_DEVB, K_DEV)
    wkq = Packet(wkq, I_DEVB, K_DEV)
    wkq = Packet(wkq, I_DEVB, K_DEV)
    HandlerTask(I_HANDLERB, 3000, wkq, TaskState().waiting_with_packet(), HandlerTaskRec())

    DeviceTask(I_DEVA, 4000, None, TaskState().waiting(), DeviceTaskRec())
    DeviceTask(I_DEVB, 5000, None, TaskState().waiting(), DeviceTaskRec())
    schedule()
    return work_area.qpkt_count, work_area.hold_count


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    ok = 0
    qpkt_total = 0
    hold_total = 0
    for _ in range(n):
        qpkt, hold = run_once()
        if qpkt == 23246 and hold == 9297:
            ok += 1
        qpkt_total += qpkt
        hold_total += hold
    print("richards", n, ok, qpkt_total, hold_total)


main()
