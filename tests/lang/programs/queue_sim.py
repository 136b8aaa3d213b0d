# A seeded random queue simulation (bank tellers), printing only integers and
# rounded averages.
import random


class Customer:
    def __init__(self, ident, arrival, service):
        self.ident = ident
        self.arrival = arrival
        self.service = service


def simulate(n_customers, n_tellers, seed):
    random.seed(seed)
    t = 0
    customers = []
    for i in range(n_customers):
        t += random.randint(1, 5)
        customers.append(Customer(i, t, random.randint(2, 9)))
    free_at = [0] * n_tellers
    waits = []
    served_by = [0] * n_tellers
    for c in customers:
        teller = min(range(n_tellers), key=lambda k: free_at[k])
        start = max(free_at[teller], c.arrival)
        waits.append(start - c.arrival)
        free_at[teller] = start + c.service
        served_by[teller] += 1
    return waits, served_by, max(free_at)


for tellers in (1, 2, 3):
    waits, served, end = simulate(200, tellers, seed=2024)
    print(f"tellers={tellers} avg_wait={sum(waits) / len(waits):.2f} max_wait={max(waits)} served={served} end={end}")
