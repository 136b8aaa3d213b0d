# A linked list class with the container protocol and dunders.
class Node:
    def __init__(self, value, next=None):
        self.value = value
        self.next = next


class LinkedList:
    def __init__(self, items=()):
        self.head = None
        self.size = 0
        for item in reversed(list(items)):
            self.push(item)

    def push(self, value):
        self.head = Node(value, self.head)
        self.size += 1

    def pop(self):
        if self.head is None:
            raise IndexError("pop from empty LinkedList")
        node = self.head
        self.head = node.next
        self.size -= 1
        return node.value

    def __len__(self):
        return self.size

    def __iter__(self):
        node = self.head
        while node:
            yield node.value
            node = node.next

    def __getitem__(self, index):
        if index < 0:
            index += self.size
        for i, v in enumerate(self):
            if i == index:
                return v
        raise IndexError("LinkedList index out of range")

    def __contains__(self, value):
        return any(v == value for v in self)

    def __eq__(self, other):
        return isinstance(other, LinkedList) and list(self) == list(other)

    def __repr__(self):
        return "LinkedList([" + ", ".join(repr(v) for v in self) + "])"

    def __add__(self, other):
        return LinkedList(list(self) + list(other))

    def reverse(self):
        prev = None
        node = self.head
        while node:
            node.next, prev, node = prev, node, node.next
        self.head = prev
        return self


ll = LinkedList([1, 2, 3])
print(ll, len(ll), ll[0], ll[-1], 2 in ll, 5 in ll)
ll.push(0)
print(ll, list(ll), sum(ll))
print(ll.reverse(), ll == LinkedList([3, 2, 1, 0]), ll == [3, 2, 1, 0])
print(ll + LinkedList("ab"))
while ll:
    print("popped", ll.pop())
try:
    ll.pop()
except IndexError as e:
    print("IndexError:", e)
try:
    LinkedList([1])[3]
except IndexError as e:
    print("IndexError:", e)
print(bool(LinkedList()), bool(LinkedList([None])), sorted(LinkedList([3, 1, 2])))
