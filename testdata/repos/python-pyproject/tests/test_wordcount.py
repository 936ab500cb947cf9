from wordcount import count
from wordcount.cli import main


def test_count():
    assert count("a b A")["a"] == 2


def test_main(tmp_path, capsys):
    f = tmp_path / "t.txt"
    f.write_text("x y x")
    assert main([str(f), "-n", "1"]) == 0
    assert capsys.readouterr().out == "2 x\n"
