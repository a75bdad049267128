package dev.alm.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class JsonBindingTest {

  /** What the fields are set on: the values in the order they were set. */
  private static final class Seen {
    final List<String> set = new ArrayList<>();
  }

  private static final JsonBinding<Seen> INNER =
      JsonBinding.<Seen>builder()
          .integer("depth", (s, v) -> s.set.add("depth=" + v))
          .bool("deep", (s, v) -> s.set.add("deep=" + v))
          .build();

  private static final JsonBinding<Seen> BINDING =
      JsonBinding.<Seen>builder()
          .text("name", (s, v) -> s.set.add("name=" + v))
          .number("rate", (s, v) -> s.set.add("rate=" + v))
          .required("host", "required (a host name)", (f, n, s) -> s.set.add("host=" + f.text(n)))
          .nullable("log", (f, n, s) -> s.set.add("log=" + f.node().get(n)))
          .object("inner", INNER)
          .group(
              JsonBinding.<List<String>>builder()
                  .text("low", List::add)
                  .text("high", List::add)
                  .build(),
              s -> new ArrayList<String>(),
              (f, s, g) -> s.set.add("range=" + g))
          .build();

  private static JsonFields json(String text) throws Exception {
    JsonNode n = JsonFields.strictMapper().readTree(text);
    return JsonFields.of("f.json", n);
  }

  @Test
  void setsThePresentFieldsInDeclarationOrder() throws Exception {
    Seen s =
        BINDING.read(
            json(
                "{\"high\":\"9\",\"inner\":{\"deep\":true,\"depth\":3},\"rate\":2.5,"
                    + "\"host\":\"h\",\"name\":\"n\",\"log\":null}"),
            new Seen());
    assertEquals(
        List.of("name=n", "rate=2.5", "host=h", "log=null", "depth=3", "deep=true", "range=[9]"),
        s.set);
  }

  @Test
  void theDeclaredNamesAreTheKnownFieldsGroupsIncluded() {
    assertEquals(
        List.of("name", "rate", "host", "log", "inner", "low", "high"),
        List.copyOf(BINDING.names()));
  }

  @Test
  void refusesAnUndeclaredFieldNamingItsPath() throws Exception {
    InputException e =
        assertThrows(
            InputException.class,
            () -> BINDING.read(json("{\"host\":\"h\",\"inner\":{\"depht\":3}}"), new Seen()));
    assertEquals("f.json:inner.depht: unknown field (known: deep, depth)", e.getMessage());
  }

  @Test
  void aMissingRequiredFieldFailsWithItsReasonInItsTurn() throws Exception {
    Seen s = new Seen();
    InputException e =
        assertThrows(InputException.class, () -> BINDING.read(json("{\"name\":\"n\"}"), s));
    assertEquals("f.json:host: required (a host name)", e.getMessage());
    assertEquals(List.of("name=n"), s.set, "fields before it were set, none after");
  }

  @Test
  void aWrongTypeIsRefusedAgainstTheField() throws Exception {
    InputException e =
        assertThrows(
            InputException.class,
            () -> BINDING.read(json("{\"host\":\"h\",\"rate\":\"fast\"}"), new Seen()));
    assertEquals("f.json:rate: expected a number", e.getMessage());
  }

  @Test
  void aNullIsAbsentUnlessTheFieldTakesNull() throws Exception {
    Seen s = BINDING.read(json("{\"host\":\"h\",\"name\":null}"), new Seen());
    assertEquals(List.of("host=h", "range=[]"), s.set, "a group makes its value always");
  }

  @Test
  void aFieldDeclaredTwiceIsAProgrammingError() {
    JsonBinding.Builder<Seen> b = JsonBinding.<Seen>builder().text("a", (s, v) -> {});
    assertThrows(IllegalArgumentException.class, () -> b.number("a", (s, v) -> {}));
  }

  private static final JsonBinding<Seen> BOTH_FIRST =
      JsonBinding.<Seen>builder()
          .requires("name", "required")
          .requires("size", "required (a count)")
          .text("name", (s, v) -> s.set.add("name=" + v))
          .integer("size", (s, v) -> s.set.add("size=" + v))
          .build();

  @Test
  void requiredFieldsAreLookedForAtTheirPointBeforeAnyIsRead() throws Exception {
    assertEquals(
        List.of("name=n", "size=2"),
        BOTH_FIRST.read(json("{\"size\":2,\"name\":\"n\"}"), new Seen()).set);
    assertEquals(List.of("name", "size"), List.copyOf(BOTH_FIRST.names()));
    Seen s = new Seen();
    InputException e =
        assertThrows(InputException.class, () -> BOTH_FIRST.read(json("{\"name\":[]}"), s));
    assertEquals("f.json:size: required (a count)", e.getMessage(), "before name is read");
    assertEquals(List.of(), s.set);
    e =
        assertThrows(
            InputException.class,
            () -> BOTH_FIRST.read(json("{\"name\":null,\"size\":\"x\"}"), new Seen()));
    assertEquals("f.json:name: required", e.getMessage());
    e =
        assertThrows(
            InputException.class,
            () -> BOTH_FIRST.read(json("{\"name\":[],\"size\":1}"), new Seen()));
    assertEquals("f.json:name: expected a string", e.getMessage());
  }

  @Test
  void aFieldRequiredButNotDeclaredIsAProgrammingError() {
    JsonBinding.Builder<Seen> b = JsonBinding.<Seen>builder().requires("a", "required");
    assertThrows(IllegalArgumentException.class, b::build);
  }

  /** A low and a high bound, the high one at least the low one (a check between the two). */
  private static final JsonBinding<double[]> RANGE =
      JsonBinding.<double[]>builder()
          .number("low", (r, v) -> r[0] = v)
          .check(
              (f, r) -> {
                if (r[0] > r[1]) {
                  throw f.error("low", "above the high bound " + r[1]);
                }
              })
          .number("high", (r, v) -> r[1] = v)
          .build();

  @Test
  void aCheckRunsAtItsPointWhateverFieldsArePresent() throws Exception {
    assertEquals(List.of("low", "high"), List.copyOf(RANGE.names()));
    double[] r = RANGE.read(json("{\"high\":3,\"low\":1}"), new double[] {0, 2});
    assertEquals(List.of(1.0, 3.0), List.of(r[0], r[1]));
    InputException e =
        assertThrows(
            InputException.class, () -> RANGE.read(json("{\"high\":9}"), new double[] {5, 2}));
    assertEquals("f.json:low: above the high bound 2.0", e.getMessage(), "the default checked");
    e =
        assertThrows(
            InputException.class,
            () -> RANGE.read(json("{\"low\":3,\"high\":\"x\"}"), new double[] {0, 2}));
    assertEquals("f.json:low: above the high bound 2.0", e.getMessage(), "before high is read");
  }
}
