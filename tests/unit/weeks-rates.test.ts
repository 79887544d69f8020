import { getTableColumns } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CATALOGUE_CSV_COLUMNS } from "~/catalogue/catalogue-csv.server";
import { roomTypes } from "~/db/schema";
import { HOLIDAYS, NIGHTLY_CHARGES } from "~/weeks/price-fields";
import { addDays, addMonths, isCalendarDate, nextWeekday } from "~/weeks/calendar";
import {
  defaultRate,
  estimatedTotal,
  holidaysOf,
  nightlyCharges,
  ownDatesRate,
  weekRate,
  type RoomTypeRates,
} from "~/weeks/rates";

const room: RoomTypeRates = {
  price: 2000,
  presidentsDayPrice: 2100,
  springBreakPrice: 2200,
  fourthOfJulyPrice: 2300,
  thanksgivingPrice: 2400,
  christmasPrice: 3000,
  newYearsPrice: 3500,
};
const SATURDAY = 6;

/** Every Saturday-to-Saturday week of a year that is priced as a holiday, with its price. */
function holidayWeeks(year: number) {
  const weeks: Record<string, number | null> = {};
  for (
    let checkIn = nextWeekday(`${year}-01-01`, SATURDAY);
    checkIn < `${year + 1}-01-01`;
    checkIn = addDays(checkIn, 7)
  ) {
    const rate = defaultRate(room, checkIn, 7);
    if (rate !== room.price) weeks[checkIn] = rate;
  }
  return weeks;
}

describe("the default rate of a week", () => {
  it("prices each holiday's week from its real date, year after year", () => {
    // Saturday check-ins: Presidents' Day is the third Monday of February, Thanksgiving the fourth
    // Thursday of November; Christmas is the week with Christmas Eve, New Year's the one with New
    // Year's Eve; Spring Break the week with March 15.
    expect(holidayWeeks(2026)).toEqual({
      "2026-02-14": 2100, // Presidents' Day, Monday 16 February
      "2026-03-14": 2200,
      "2026-07-04": 2300, // the 4th is the check-in Saturday itself
      "2026-11-21": 2400, // Thursday 26 November
      "2026-12-19": 3000,
      "2026-12-26": 3500,
    });
    expect(holidayWeeks(2027)).toEqual({
      "2027-02-13": 2100, // Monday 15 February
      "2027-03-13": 2200,
      "2027-07-03": 2300,
      "2027-11-20": 2400, // Thursday 25 November
      "2027-12-18": 3000,
      "2027-12-25": 3500, // checks in on Christmas Day, so it holds New Year's Eve
    });
    expect(holidayWeeks(2028)).toEqual({
      "2028-02-19": 2100, // Monday 21 February
      "2028-03-11": 2200,
      "2028-07-01": 2300,
      "2028-11-18": 2400, // Thursday 23 November
      "2028-12-23": 3000,
      "2028-12-30": 3500,
    });
  });

  it("counts the check-in night and not the check-out morning", () => {
    expect(holidaysOf("2026-06-27", 7)).toEqual([]);
    expect(holidaysOf("2026-07-04", 7)).toEqual(["fourthOfJulyPrice"]);
    expect(holidaysOf("2026-12-31", 1)).toEqual(["newYearsPrice"]);
  });

  it("takes the higher holiday price when a long stay holds two, and the typical price when a holiday has none", () => {
    expect(holidaysOf("2026-12-20", 14)).toEqual(["christmasPrice", "newYearsPrice"]);
    expect(defaultRate(room, "2026-12-20", 14)).toBe(3500);
    expect(defaultRate({ ...room, christmasPrice: null }, "2026-12-19", 7)).toBe(2000);
    expect(defaultRate({ ...room, price: null, christmasPrice: null }, "2026-12-19", 7)).toBeNull();
  });

  it("gives way to the admin's own rate", () => {
    expect(weekRate(room, { checkIn: "2026-12-19", nights: 7, rate: 2750 })).toBe(2750);
    expect(weekRate(room, { checkIn: "2026-12-19", nights: 7, rate: null })).toBe(3000);
  });
});

describe("the estimated total of a stay", () => {
  const charges = {
    freeParking: true,
    parkingCost: 30,
    noResortFees: false,
    resortFeeCost: 25,
    localTaxes: 12.34,
  };

  it("adds each nightly charge that applies for every night, to the cent", () => {
    expect(nightlyCharges(charges)).toEqual([
      { label: "Resort fee", perNight: 25 },
      { label: "Local taxes", perNight: 12.34 },
    ]);
    expect(estimatedTotal(2450, 7, charges)).toBe(2711.38);
    expect(estimatedTotal(2450, 7, { ...charges, freeParking: false, noResortFees: true })).toBe(
      2450 + 7 * 30 + 7 * 12.34,
    );
    expect(estimatedTotal(null, 7, charges)).toBeNull();
  });
});

describe("calendar dates", () => {
  it("are real days, and months add without drifting", () => {
    expect(isCalendarDate("2027-02-29")).toBe(false);
    expect(isCalendarDate("2028-02-29")).toBe(true);
    expect(isCalendarDate("2026-13-01")).toBe(false);
    expect(addMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonths("2026-11-25", 18)).toBe("2028-05-25");
  });
});

describe("the rate of a stay of the member's own dates", () => {
  const rates: RoomTypeRates = {
    price: 2100,
    presidentsDayPrice: null,
    springBreakPrice: null,
    fourthOfJulyPrice: null,
    thanksgivingPrice: null,
    christmasPrice: 3500,
    newYearsPrice: null,
  };
  const week = (checkIn: string, rate: number | null = null) => ({ checkIn, nights: 7, rate });

  it("takes each night's share of the week it falls in: its own rate, or the default", () => {
    // Three nights of a week at 1,400 and four of the next at the default 2,100.
    expect(
      ownDatesRate(
        rates,
        [week("2027-05-01", 1400), week("2027-05-08")],
        "2027-05-05",
        "2027-05-12",
      ),
    ).toBe(600 + 1200);
  });

  it("prices a night no week holds at its share of the default for that night (a holiday's too)", () => {
    expect(ownDatesRate(rates, [], "2027-06-01", "2027-06-03")).toBe(600);
    // Christmas Eve is a Christmas night: 3,500 a week.
    expect(ownDatesRate(rates, [], "2027-12-24", "2027-12-25")).toBe(500);
  });

  it("comes to a week's rate for its seven nights, not a cent more", () => {
    expect(
      ownDatesRate({ ...rates, price: 1690 }, [week("2027-05-01")], "2027-05-01", "2027-05-08"),
    ).toBe(1690);
  });

  it("has no rate when a night has none", () => {
    expect(ownDatesRate({ ...rates, price: null }, [], "2027-06-01", "2027-06-03")).toBeNull();
  });
});

describe("the holiday weeks and the nightly charges, each listed once", () => {
  const columns = getTableColumns(roomTypes);

  it("name the room type's columns in the database", () => {
    for (const { key, column } of HOLIDAYS) expect(columns[key].name).toBe(column);
    for (const { key, column } of NIGHTLY_CHARGES) expect(columns[key].name).toBe(column);
    const waivers = NIGHTLY_CHARGES.flatMap(({ waiver }) => (waiver ? [waiver] : []));
    expect(waivers.map(({ key }) => key)).toEqual(["freeParking", "noResortFees"]);
    for (const { key, column } of waivers) expect(columns[key].name).toBe(column);
  });

  it("come in one order: on the booking form and in the spreadsheet", () => {
    const allCharged = {
      freeParking: false,
      parkingCost: 30,
      noResortFees: false,
      resortFeeCost: 25,
      localTaxes: 12.34,
    };
    expect(nightlyCharges(allCharged).map(({ label }) => label)).toEqual([
      "Parking",
      "Resort fee",
      "Local taxes",
    ]);
    const inSheet = (names: string[]) =>
      CATALOGUE_CSV_COLUMNS.filter((name) => names.includes(name));
    expect(inSheet(HOLIDAYS.map(({ column }) => column))).toEqual([
      "presidents_day_price",
      "spring_break_price",
      "fourth_of_july_price",
      "thanksgiving_price",
      "christmas_price",
      "new_years_price",
    ]);
    expect(inSheet(NIGHTLY_CHARGES.map(({ column }) => column))).toEqual([
      "parking_cost",
      "resort_fee_cost",
      "local_taxes",
    ]);
  });
});
