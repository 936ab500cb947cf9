package pyramid

import (
	"strings"
	"testing"
	"testing/fstest"
)

// A library whose header declares a constructor taking nothing, queries
// of what it makes and a destructor (c-algorithms' queue.h) gets a
// consumer that makes the object, prints the answers and frees it,
// linked with the built library; mutators and other types' functions are
// not called, and a header with no query of its constructor's type gives
// none.
func TestObjectProbes(t *testing.T) {
	fsys := fstest.MapFS{
		"src/queue.h":         {Data: []byte("/* a queue */\ntypedef struct _Queue Queue;\nQueue *queue_new(void);\nvoid queue_free(Queue *queue);\nint queue_push_head(Queue *queue, void *data);\nvoid *queue_pop_head(Queue *queue);\nint queue_is_empty(Queue *queue);\nunsigned int queue_length(const Queue *queue);\n")},
		"src/bn.h":            {Data: []byte("struct bn { int a[4]; };\nstruct bn *bignum_alloc(void);\nvoid bignum_init(struct bn *n);\n")},
		"test/t.h":            {Data: []byte("Queue *test_new(void);\nint test_ok(Queue *q);\n")},
		"src/alloc.h":         {Data: []byte("typedef struct A Allocator;\nAllocator *get_default_allocator(void);\nint allocator_size(Allocator *a);\n")},
		"src/heap.h":          {Data: []byte("typedef struct H Heap;\nHeap *heap_create(void);\nint heap_wait(Heap *h);\n")},
		"src/foo.h":           {Data: []byte("class Foo;\nFoo *createFoo();\nint fooSize(Foo *f);\n")},
		"subprojects/dep/d.h": {Data: []byte("typedef struct D D;\nD *d_new(void);\nint d_size(D *d);\n")},
	}
	apis := ObjectAPIs(fsys)
	if len(apis) != 1 || apis[0].New != "queue_new" || apis[0].Free != "queue_free" || len(apis[0].Queries) != 2 || apis[0].Queries[0].Name != "queue_is_empty" || apis[0].Queries[1].Name != "queue_length" {
		t.Fatalf("object APIs: %+v", apis)
	}
	cs := ObjectProbes(apis, []string{"src/.libs/libcalg.so.0.0.0", "src/.libs/libcalg.a"}, nil, "c-algorithms")
	if len(cs) != 1 {
		t.Fatalf("probes: %v", texts(cs))
	}
	c := cs[0]
	for _, want := range []string{"'#include \"queue.h\"'", "'  Queue *o = queue_new();'", `'  printf("queue_length: %u\n", (unsigned)queue_length(o));'`, "'  queue_free(o);'", "-Isrc ./src/.libs/libcalg.so.0.0.0", "timeout 10 /tmp/heragent-object"} {
		if !strings.Contains(c.Text, want) {
			t.Errorf("consumer lacks %s:\n%s", want, c.Text)
		}
	}
	if strings.Contains(c.Text, "pop_head") || !c.Synth || c.Level != Runnable || GradeRunnable(c) != EvidenceProbe {
		t.Errorf("consumer %q (synth %v, evidence %s)", c.Text, c.Synth, GradeRunnable(c))
	}
	if cs := ObjectProbes(apis, nil, nil, "c-algorithms"); len(cs) != 0 {
		t.Errorf("no library built, yet %v", texts(cs))
	}
}

// A library whose objects its caller holds (libogg: `int
// ogg_sync_init(ogg_sync_state *oy);` over a type ogg.h defines whole)
// gets a consumer that declares one, initialises it and prints the
// answers, without the destructor (ogg_sync_destroy frees the object
// itself); an initialiser of an opaque type gives none.
func TestObjectProbesInitialiser(t *testing.T) {
	fsys := fstest.MapFS{
		"include/ogg/ogg.h": {Data: []byte("typedef struct {\n  unsigned char *data;\n  int storage;\n} ogg_sync_state;\nextern int      ogg_sync_init(ogg_sync_state *oy);\nextern int      ogg_sync_clear(ogg_sync_state *oy);\nextern int      ogg_sync_destroy(ogg_sync_state *oy);\nextern int      ogg_sync_check(ogg_sync_state *oy);\n")},
		"src/opaque.h":      {Data: []byte("typedef struct O O;\nvoid o_init(O *o);\nint o_size(O *o);\n")},
	}
	apis := ObjectAPIs(fsys)
	if len(apis) != 1 || apis[0].New != "ogg_sync_init" || !apis[0].Init || apis[0].Free != "" || len(apis[0].Queries) != 1 || apis[0].Queries[0].Name != "ogg_sync_check" {
		t.Fatalf("object APIs: %+v", apis)
	}
	cs := ObjectProbes(apis, []string{"src/.libs/libogg.so.0.8.6"}, []string{"build/include/ogg/config_types.h"}, "xiph-ogg")
	if len(cs) != 1 {
		t.Fatalf("probes: %v", texts(cs))
	}
	for _, want := range []string{"'#include <ogg/ogg.h>'", "'  ogg_sync_state s, *o = &s;'", "'  ogg_sync_init(o);'", "-Iinclude -Ibuild/include/ogg -Ibuild/include ./src/.libs/libogg.so.0.8.6", `'  printf("ogg_sync_check: %d\n", (int)ogg_sync_check(o));'`} {
		if !strings.Contains(cs[0].Text, want) {
			t.Errorf("consumer lacks %s:\n%s", want, cs[0].Text)
		}
	}
	if strings.Contains(cs[0].Text, "destroy") || strings.Contains(cs[0].Text, "NULL") {
		t.Errorf("consumer: %s", cs[0].Text)
	}
}
