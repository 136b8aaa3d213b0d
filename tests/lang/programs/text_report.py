# Text processing: parse CSV-like lines, aggregate, and print a formatted report.
DATA = """name,dept,salary,start
ann,eng,120000,2019
bob,eng,95000,2021
cy,sales,70000,2018
dee,sales,82000,2020
eve,ops,64000,2022
fay,eng,130000,2017
"""


def parse(text):
    lines = text.strip().splitlines()
    header = lines[0].split(",")
    rows = []
    for line in lines[1:]:
        values = line.split(",")
        row = dict(zip(header, values))
        row["salary"] = int(row["salary"])
        row["start"] = int(row["start"])
        rows.append(row)
    return rows


rows = parse(DATA)
by_dept = {}
for r in rows:
    by_dept.setdefault(r["dept"], []).append(r)
print(f"{'dept':<6}|{'n':>3}|{'total':>10}|{'mean':>10}|{'senior':>8}")
print("-" * 41)
for dept in sorted(by_dept):
    people = by_dept[dept]
    total = sum(p["salary"] for p in people)
    senior = min(people, key=lambda p: p["start"])["name"]
    print(f"{dept:<6}|{len(people):>3}|{total:>10,}|{total / len(people):>10,.1f}|{senior:>8}")
print("-" * 41)
top = sorted(rows, key=lambda r: r["salary"], reverse=True)[:3]
print("top earners:", ", ".join(f"{r['name']} ({r['salary'] // 1000}k)" for r in top))
years = sorted({r["start"] for r in rows})
print("start years:", years, "span", years[-1] - years[0])
raise_pct = {"eng": 0.05, "sales": 0.03}
for r in rows:
    r["new"] = round(r["salary"] * (1 + raise_pct.get(r["dept"], 0.02)))
print([(r["name"], r["new"]) for r in rows])
